/// A Running Speed and Cadence Measurement notification (0x2A53).
public struct RSCMeasurement: Hashable, Sendable {
    /// Instantaneous speed, m/s (1/256 resolution).
    public var speed: Double
    /// Instantaneous cadence, as the sensor counts it (steps or strides per minute).
    public var cadence: UInt8
    /// Stride length, m, when present.
    public var strideLength: Double?
    /// Total distance, m, when present.
    public var totalDistance: Double?
    /// Whether the runner is running (flag bit 2, 0x04); else walking.
    public var isRunning: Bool

    /// Decodes a notification's value.
    ///
    /// - Throws: ``GATTDecodingError`` when the value is shorter than its flags announce.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .rscMeasurement)
        let flags = try reader.uint8("the flags")
        speed = Double(try reader.uint16("the instantaneous speed")) / 256
        cadence = try reader.uint8("the instantaneous cadence")
        if flags & 0x01 != 0 { strideLength = Double(try reader.uint16("the stride length")) / 100 }
        if flags & 0x02 != 0 { totalDistance = Double(try reader.uint32("the total distance")) / 10 }
        isRunning = flags & 0x04 != 0
    }
}
