

/// Builds the bytes of FIT definition and data messages (little-endian).
struct FITEncoder {
    /// Bytes written since the last ``take()``.
    private(set) var bytes: [UInt8] = []
    private var layouts = [[FITFieldLayout]?](repeating: nil, count: 16)
    private var globals = [UInt16](repeating: 0, count: 16)

    /// Takes the bytes written so far, leaving the buffer empty.
    mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Writes a data message of `global` with `values` in `layout`'s order,
    /// first defining local type `local` if it does not already have that layout.
    mutating func write(local: UInt8, global: UInt16, layout: [FITFieldLayout], values: [FITValue]) {
        precondition(layout.count == values.count, "one value per field")
        if layouts[Int(local)] != layout || globals[Int(local)] != global {
            bytes.append(0x40 | local)
            bytes.append(0)  // reserved
            bytes.append(0)  // little-endian
            append(UInt64(global), size: 2)
            bytes.append(UInt8(layout.count))
            for field in layout {
                bytes.append(field.number)
                bytes.append(UInt8(field.size))
                bytes.append(field.baseType.rawValue)
            }
            layouts[Int(local)] = layout
            globals[Int(local)] = global
        }
        bytes.append(local)
        for (field, value) in zip(layout, values) {
            switch value {
            case .number(let number):
                append(number, as: field.baseType)
                for _ in 0..<(field.size / field.baseType.size - 1) { append(nil, as: field.baseType) }
            case .numbers(let numbers):
                let count = field.size / field.baseType.size
                for index in 0..<count { append(index < numbers.count ? numbers[index] : nil, as: field.baseType) }
            case .text(let text):
                var utf8 = Array((text ?? "").utf8.prefix(field.size - 1))
                // Never cut a character in half.
                while !utf8.isEmpty, String(validating: utf8, as: UTF8.self) == nil { utf8.removeLast() }
                bytes.append(contentsOf: utf8)
                bytes.append(contentsOf: repeatElement(0, count: field.size - utf8.count))
            }
        }
    }

    private mutating func append(_ value: UInt64, size: Int) {
        var value = value
        for _ in 0..<size {
            bytes.append(UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
    }

    /// Appends a number in a base type, or the type's invalid pattern for `nil`,
    /// NaN and values the type cannot hold.
    private mutating func append(_ number: Double?, as type: FITBaseType) {
        let invalid = type.invalidBits
        guard let number, number.isFinite else { return append(invalid, size: type.size) }
        switch type {
        case .float32: return append(UInt64(Float(number).bitPattern), size: 4)
        case .float64: return append(number.bitPattern, size: 8)
        default: break
        }
        let rounded = number.rounded()
        let range: ClosedRange<Double> = switch type {
        case .sint8: -127...126
        case .sint16: -32_767...32_766
        case .sint32: -2_147_483_647...2_147_483_646
        case .enumeration, .uint8, .byte: 0...254
        case .uint8z: 1...255
        case .uint16: 0...65_534
        case .uint16z: 1...65_535
        case .uint32: 0...4_294_967_294
        case .uint32z: 1...4_294_967_295
        default: -9.0e18...9.0e18
        }
        guard range.contains(rounded) else { return append(invalid, size: type.size) }
        append(UInt64(bitPattern: Int64(rounded)), size: type.size)
    }
}
