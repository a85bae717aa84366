

/// A field of a message layout: its number, base type and size in bytes.
struct FITFieldLayout: Hashable, Sendable {
    var number: UInt8
    var baseType: FITBaseType
    var size: Int

    init(_ number: UInt8, _ baseType: FITBaseType, size: Int? = nil) {
        self.number = number
        self.baseType = baseType
        self.size = size ?? baseType.size
    }
}
