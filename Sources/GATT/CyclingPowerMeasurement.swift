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

    /// A measurement of `power` watts with the optional fields given; the flags say which are present.
    ///
    /// Values are kept at the resolutions the notification carries: balance in ½ %, torque in 1/32 N·m,
    /// extreme angles in 12 bits.
    public init(power: Int16, pedalPowerBalance: Double? = nil, balanceReferenceIsLeft: Bool = false, accumulatedTorque: Double? = nil,
                torqueSourceIsCrank: Bool = false, wheel: (revolutions: UInt32, eventTime: UInt16)? = nil,
                crank: (revolutions: UInt16, eventTime: UInt16)? = nil, extremeForce: (maximum: Int16, minimum: Int16)? = nil,
                extremeTorque: (maximum: Double, minimum: Double)? = nil, extremeAngles: (maximum: UInt16, minimum: UInt16)? = nil,
                topDeadSpotAngle: UInt16? = nil, bottomDeadSpotAngle: UInt16? = nil, accumulatedEnergy: UInt16? = nil,
                offsetCompensationIndicator: Bool = false) {
        self.power = power
        self.pedalPowerBalance = pedalPowerBalance.map { Double(UInt8(clamping: Int(($0 * 2).rounded()))) / 2 }
        self.balanceReferenceIsLeft = balanceReferenceIsLeft
        self.accumulatedTorque = accumulatedTorque.map { Double(UInt16(clamping: Int(($0 * 32).rounded()))) / 32 }
        self.torqueSourceIsCrank = torqueSourceIsCrank
        self.wheel = wheel
        self.crank = crank
        self.extremeForce = extremeForce
        self.extremeTorque = extremeTorque.map { (Double(Int16(clamping: Int(($0.maximum * 32).rounded()))) / 32,
                                                  Double(Int16(clamping: Int(($0.minimum * 32).rounded()))) / 32) }
        self.extremeAngles = extremeAngles.map { ($0.maximum & 0xFFF, $0.minimum & 0xFFF) }
        self.topDeadSpotAngle = topDeadSpotAngle
        self.bottomDeadSpotAngle = bottomDeadSpotAngle
        self.accumulatedEnergy = accumulatedEnergy
        self.offsetCompensationIndicator = offsetCompensationIndicator
        var bits: UInt16 = 0
        for (bit, present) in [(0, pedalPowerBalance != nil), (1, balanceReferenceIsLeft), (2, accumulatedTorque != nil), (3, torqueSourceIsCrank),
                               (4, wheel != nil), (5, crank != nil), (6, extremeForce != nil), (7, extremeTorque != nil), (8, extremeAngles != nil),
                               (9, topDeadSpotAngle != nil), (10, bottomDeadSpotAngle != nil), (11, accumulatedEnergy != nil),
                               (12, offsetCompensationIndicator)] where present {
            bits |= 1 << bit
        }
        flags = bits
    }

    /// The notification's value, as a power meter sends it: the flags, the power, then the fields they announce.
    public func encoded() -> [UInt8] {
        var writer = GATTWriter()
        writer.uint16(flags)
        writer.sint16(power)
        func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
        if has(0) { writer.uint8(UInt8(clamping: Int(((pedalPowerBalance ?? 0) * 2).rounded()))) }
        if has(2) { writer.uint16(UInt16(clamping: Int(((accumulatedTorque ?? 0) * 32).rounded()))) }
        if has(4) {
            writer.uint32(wheel?.revolutions ?? 0)
            writer.uint16(wheel?.eventTime ?? 0)
        }
        if has(5) {
            writer.uint16(crank?.revolutions ?? 0)
            writer.uint16(crank?.eventTime ?? 0)
        }
        if has(6) {
            writer.sint16(extremeForce?.maximum ?? 0)
            writer.sint16(extremeForce?.minimum ?? 0)
        }
        if has(7) {
            writer.sint16(Int16(clamping: Int(((extremeTorque?.maximum ?? 0) * 32).rounded())))
            writer.sint16(Int16(clamping: Int(((extremeTorque?.minimum ?? 0) * 32).rounded())))
        }
        if has(8) { writer.uint24(UInt32((extremeAngles?.maximum ?? 0) & 0xFFF) | UInt32((extremeAngles?.minimum ?? 0) & 0xFFF) << 12) }
        if has(9) { writer.uint16(topDeadSpotAngle ?? 0) }
        if has(10) { writer.uint16(bottomDeadSpotAngle ?? 0) }
        if has(11) { writer.uint16(accumulatedEnergy ?? 0) }
        return writer.bytes
    }

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
