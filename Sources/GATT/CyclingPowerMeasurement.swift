/// A Cycling Power Measurement notification (0x2A63), every field its flags announce.
///
/// Units are the specification's: power in watts; pedal power balance in percent of the
/// side ``balanceReferenceIsLeft`` names; accumulated torque in N·m (1/32 resolution);
/// wheel event times at 1/2048 s, crank event times at 1/1024 s (both roll over at 2¹⁶);
/// extreme angles in degrees; accumulated energy in kJ.
public struct CyclingPowerMeasurement: Hashable, Sendable {
    /// The flags as sent.
    public var flags: UInt16
    /// Instantaneous power, W (may be negative).
    public var power: Int16
    /// Pedal power balance, %, when present.
    public var pedalPowerBalance: Double?
    /// Whether the balance is the left pedal's share (bit 1); else the reference is unknown.
    public var balanceReferenceIsLeft: Bool
    /// Accumulated torque, N·m, when present.
    public var accumulatedTorque: Double?
    /// Whether the torque is measured at the crank (bit 3); else at the wheel.
    public var torqueSourceIsCrank: Bool
    /// Cumulative wheel revolutions and the last wheel event time (1/2048 s), when present.
    public var wheel: (revolutions: UInt32, eventTime: UInt16)?
    /// Cumulative crank revolutions and the last crank event time (1/1024 s), when present.
    public var crank: (revolutions: UInt16, eventTime: UInt16)?
    /// Maximum and minimum force, N, when present.
    public var extremeForce: (maximum: Int16, minimum: Int16)?
    /// Maximum and minimum torque, N·m, when present.
    public var extremeTorque: (maximum: Double, minimum: Double)?
    /// The crank angles of the maximum and minimum, degrees, when present.
    public var extremeAngles: (maximum: UInt16, minimum: UInt16)?
    /// Top and bottom dead-spot angles, degrees, when present.
    public var topDeadSpotAngle: UInt16?
    public var bottomDeadSpotAngle: UInt16?
    /// Accumulated energy, kJ, when present.
    public var accumulatedEnergy: UInt16?
    /// Whether the meter says offset compensation is needed (bit 12).
    public var offsetCompensationIndicator: Bool

    /// Decodes a notification's value.
    ///
    /// - Throws: ``GATTDecodingError`` when the value is shorter than its flags announce.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .cyclingPowerMeasurement)
        let bits = try reader.uint16("the flags")
        flags = bits
        func has(_ bit: Int) -> Bool { bits & (1 << bit) != 0 }
        power = try reader.sint16("the instantaneous power")
        balanceReferenceIsLeft = has(1)
        torqueSourceIsCrank = has(3)
        offsetCompensationIndicator = has(12)
        if has(0) { pedalPowerBalance = Double(try reader.uint8("the pedal power balance")) / 2 }
        if has(2) { accumulatedTorque = Double(try reader.uint16("the accumulated torque")) / 32 }
        // Wheel data is 6 bytes (uint32 revolutions, uint16 time): skipping 4 misreads the crank data after it.
        if has(4) { wheel = (try reader.uint32("the cumulative wheel revolutions"), try reader.uint16("the last wheel event time")) }
        if has(5) { crank = (try reader.uint16("the cumulative crank revolutions"), try reader.uint16("the last crank event time")) }
        if has(6) { extremeForce = (try reader.sint16("the maximum force"), try reader.sint16("the minimum force")) }
        if has(7) { extremeTorque = (Double(try reader.sint16("the maximum torque")) / 32, Double(try reader.sint16("the minimum torque")) / 32) }
        if has(8) {
            let packed = try reader.uint24("the extreme angles")
            extremeAngles = (UInt16(packed & 0xFFF), UInt16(packed >> 12))
        }
        if has(9) { topDeadSpotAngle = try reader.uint16("the top dead-spot angle") }
        if has(10) { bottomDeadSpotAngle = try reader.uint16("the bottom dead-spot angle") }
        if has(11) { accumulatedEnergy = try reader.uint16("the accumulated energy") }
    }

    /// Hashes the flags, the power and the crank data.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(flags)
        hasher.combine(power)
        hasher.combine(crank?.revolutions)
        hasher.combine(crank?.eventTime)
    }

    /// Measurements are equal when every field is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.flags == rhs.flags && lhs.power == rhs.power && lhs.pedalPowerBalance == rhs.pedalPowerBalance
            && lhs.accumulatedTorque == rhs.accumulatedTorque && lhs.wheel?.revolutions == rhs.wheel?.revolutions
            && lhs.wheel?.eventTime == rhs.wheel?.eventTime && lhs.crank?.revolutions == rhs.crank?.revolutions
            && lhs.crank?.eventTime == rhs.crank?.eventTime && lhs.extremeForce?.maximum == rhs.extremeForce?.maximum
            && lhs.extremeForce?.minimum == rhs.extremeForce?.minimum && lhs.extremeTorque?.maximum == rhs.extremeTorque?.maximum
            && lhs.extremeTorque?.minimum == rhs.extremeTorque?.minimum && lhs.extremeAngles?.maximum == rhs.extremeAngles?.maximum
            && lhs.extremeAngles?.minimum == rhs.extremeAngles?.minimum && lhs.topDeadSpotAngle == rhs.topDeadSpotAngle
            && lhs.bottomDeadSpotAngle == rhs.bottomDeadSpotAngle && lhs.accumulatedEnergy == rhs.accumulatedEnergy
    }
}
