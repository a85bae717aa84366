/// A Cycling Speed and Cadence Measurement notification (0x2A5B): wheel and crank
/// revolutions with their last event times, both at 1/1024 s.
public struct CSCMeasurement: Hashable, Sendable {
    /// Cumulative wheel revolutions and the last wheel event time (1/1024 s), when present.
    public var wheelRevolutions: UInt32?
    public var wheelEventTime: UInt16?
    /// Cumulative crank revolutions and the last crank event time (1/1024 s), when present.
    public var crankRevolutions: UInt16?
    public var crankEventTime: UInt16?

    /// A measurement with wheel data, crank data, both or neither: what a speed and cadence sensor sends.
    public init(wheel: (revolutions: UInt32, eventTime: UInt16)? = nil, crank: (revolutions: UInt16, eventTime: UInt16)? = nil) {
        wheelRevolutions = wheel?.revolutions
        wheelEventTime = wheel?.eventTime
        crankRevolutions = crank?.revolutions
        crankEventTime = crank?.eventTime
    }

    /// The notification's value, as a sensor sends it: the flags, then the fields they announce.
    public func encoded() -> [UInt8] {
        var writer = GATTWriter()
        let wheel = wheelRevolutions.flatMap { revolutions in wheelEventTime.map { (revolutions, $0) } }
        let crank = crankRevolutions.flatMap { revolutions in crankEventTime.map { (revolutions, $0) } }
        writer.uint8((wheel == nil ? 0 : 0x01) | (crank == nil ? 0 : 0x02))
        if let wheel {
            writer.uint32(wheel.0)
            writer.uint16(wheel.1)
        }
        if let crank {
            writer.uint16(crank.0)
            writer.uint16(crank.1)
        }
        return writer.bytes
    }

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
