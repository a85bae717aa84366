

/// A Heart Rate Measurement whose bytes hold no heart rate.
public struct HeartRateMeasurementError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The notification has no bytes at all.
        case empty
        /// The flags announce a rate that needs `needed` bytes, and fewer arrived.
        case truncatedHeartRate(needed: Int)
    }

    /// What is wrong.
    public let kind: Kind
    /// The bytes as received.
    public let bytes: [UInt8]

    /// Describes a malformed notification.
    public init(_ kind: Kind, bytes: [UInt8]) {
        self.kind = kind
        self.bytes = bytes
    }

    /// What went wrong, with the bytes in hex.
    public var description: String {
        switch kind {
        case .empty:
            "empty Heart Rate Measurement: it needs at least a flags byte and a heart rate"
        case .truncatedHeartRate(let needed):
            "truncated Heart Rate Measurement \(bytes.map(hexByte).joined(separator: " ")): flags 0x\(hexByte(bytes[0])) announce "
                + "a \(needed == 3 ? "16" : "8")-bit heart rate, so it needs \(needed) bytes, but \(bytes.count) arrived"
        }
    }
}
