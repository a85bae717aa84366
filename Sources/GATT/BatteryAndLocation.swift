/// A Battery Level value (0x2A19): percent, 0–100.
public struct BatteryLevel: Hashable, Sendable {
    /// The charge left, %.
    public var percent: UInt8

    /// Decodes a value.
    ///
    /// - Throws: ``GATTDecodingError`` for an empty value or a level over 100 %.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .batteryLevel)
        percent = try reader.uint8("the level")
        guard percent <= 100 else {
            throw GATTDecodingError(characteristic: .batteryLevel, offset: 0, length: value.count, message: "a level of \(percent) % (at most 100)")
        }
    }
}

/// A Sensor Location value (0x2A5D): where on the bike or body the sensor sits.
public enum SensorLocation: UInt8, Equatable, Sendable, CaseIterable {
    /// The locations, in the specification's order (0 other … 16 chain ring).
    case other = 0, topOfShoe, inShoe, hip, frontWheel, leftCrank, rightCrank, leftPedal, rightPedal, frontHub, rearDropout, chainstay, rearWheel, rearHub, chest, spider, chainRing

    /// Decodes a value; an unknown location reads as ``other``.
    ///
    /// - Throws: ``GATTDecodingError`` for an empty value.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .sensorLocation)
        self = SensorLocation(rawValue: try reader.uint8("the location")) ?? .other
    }
}
