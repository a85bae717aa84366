

/// A Body Sensor Location value that is not one byte long.
public struct BodySensorLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes as received.
    public let bytes: [UInt8]

    /// What went wrong.
    public var description: String {
        "Body Sensor Location (0x2A38) is one byte, but \(bytes.count) arrived: \(bytes.map(hexByte).joined(separator: " "))"
    }
}
