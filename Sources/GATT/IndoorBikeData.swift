/// A Fitness Machine Indoor Bike Data notification (0x2AD2).
///
/// Bit 0 is "More Data": the instantaneous speed is present when it is **0**. Cadence is in
/// ½ rpm, distance is a uint24 in metres.
public struct IndoorBikeData: Hashable, Sendable {
    /// The flags as sent.
    public var flags: UInt16
    /// Instantaneous and average speed, km/h (0.01 resolution).
    public var speed: Double?
    public var averageSpeed: Double?
    /// Instantaneous and average cadence, rpm (½ rpm resolution).
    public var cadence: Double?
    public var averageCadence: Double?
    /// Total distance, m.
    public var totalDistance: UInt32?
    /// Resistance level (unitless).
    public var resistanceLevel: Int16?
    /// Instantaneous and average power, W.
    public var power: Int16?
    public var averagePower: Int16?
    /// Total energy (kcal), energy per hour (kcal/h) and per minute (kcal/min).
    public var totalEnergy: UInt16?
    public var energyPerHour: UInt16?
    public var energyPerMinute: UInt8?
    /// Heart rate, bpm.
    public var heartRate: UInt8?
    /// Metabolic equivalent (0.1 resolution).
    public var metabolicEquivalent: Double?
    /// Elapsed and remaining time, s.
    public var elapsedTime: UInt16?
    public var remainingTime: UInt16?

    /// Decodes a notification's value.
    ///
    /// - Throws: ``GATTDecodingError`` when the value is shorter than its flags announce.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .indoorBikeData)
        let bits = try reader.uint16("the flags")
        flags = bits
        func has(_ bit: Int) -> Bool { bits & (1 << bit) != 0 }
        if !has(0) { speed = Double(try reader.uint16("the instantaneous speed")) / 100 }
        if has(1) { averageSpeed = Double(try reader.uint16("the average speed")) / 100 }
        if has(2) { cadence = Double(try reader.uint16("the instantaneous cadence")) / 2 }
        if has(3) { averageCadence = Double(try reader.uint16("the average cadence")) / 2 }
        if has(4) { totalDistance = try reader.uint24("the total distance") }
        if has(5) { resistanceLevel = try reader.sint16("the resistance level") }
        if has(6) { power = try reader.sint16("the instantaneous power") }
        if has(7) { averagePower = try reader.sint16("the average power") }
        if has(8) {
            totalEnergy = try reader.uint16("the total energy")
            energyPerHour = try reader.uint16("the energy per hour")
            energyPerMinute = try reader.uint8("the energy per minute")
        }
        if has(9) { heartRate = try reader.uint8("the heart rate") }
        if has(10) { metabolicEquivalent = Double(try reader.uint8("the metabolic equivalent")) / 10 }
        if has(11) { elapsedTime = try reader.uint16("the elapsed time") }
        if has(12) { remainingTime = try reader.uint16("the remaining time") }
    }
}
