

/// A definition message: the layout of the data messages of one local type.
struct FITDefinition: Sendable {
    struct Field: Sendable {
        var number: UInt8
        /// Offset of the field from the message's first content byte.
        var offset: Int
        var size: Int
        var baseType: FITBaseType
    }

    var globalNumber: UInt16
    var bigEndian: Bool
    var fields: [Field]
    /// Bytes of content after the record header, developer fields included.
    var contentSize: Int
    var timestampIndex: Int?

    init(globalNumber: UInt16, bigEndian: Bool, fields: [Field], developerSize: Int) {
        self.globalNumber = globalNumber
        self.bigEndian = bigEndian
        self.fields = fields
        contentSize = fields.reduce(0) { $0 + $1.size } + developerSize
        timestampIndex = fields.firstIndex { $0.number == 253 && $0.baseType.size == 4 && $0.size == 4 }
    }

    @inline(__always)
    func index(of number: UInt8) -> Int? {
        for index in fields.indices where fields[index].number == number { return index }
        return nil
    }
}
