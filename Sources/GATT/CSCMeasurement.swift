/// A Cycling Speed and Cadence Measurement notification (0x2A5B): wheel and crank
/// revolutions with their last event times, both at 1/1024 s.
public struct CSCMeasurement: Hashable, Sendable {
    /// Cumulative wheel revolutions and the last wheel event time (1/1024 s), when present.
    public var wheelRevolutions: UInt32?
    public var wheelEventTime: UInt16?
    /// Cumulative crank revolutions and the last crank event time (1/1024 s), when present.
    public var crankRevolutions: UInt16?
    public var crankEventTime: UInt16?

    /// Decodes a notification's value.
    ///
    /// - Throws: ``GATTDecodingError`` when the value is shorter than its flags announce.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .cscMeasurement)
        let flags = try reader.uint8("the flags")
        if flags & 0x01 != 0 {
            wheelRevolutions = try reader.uint32("the cumulative wheel revolutions")
            wheelEventTime = try reader.uint16("the last wheel event time")
        }
        if flags & 0x02 != 0 {
            crankRevolutions = try reader.uint16("the cumulative crank revolutions")
            crankEventTime = try reader.uint16("the last crank event time")
        }
    }
}
