/// Speed and distance from a wheel's revolutions (CSC or Cycling Power wheel data), as a pure machine fed one
/// notification at a time: ``RevolutionRate``'s rules (baseline, roll-over at 2³², coasting to 0, glitches
/// dropped), times the wheel's circumference.
///
/// Distance counts only revolutions the rate accepted: a baseline, a glitch or an impossible speed adds
/// nothing, so a spike can never add a kilometre.
public struct WheelSpeed: Sendable {
    /// 2,105 mm: a 700×25c road tyre, the usual default of head units.
    public static let defaultCircumference = 2.105
    /// The fastest plausible speed, in metres per second (130 km/h): faster deltas are dropped and counted.
    public static let maximumSpeed = 36.0

    /// The wheel's circumference, in metres.
    public let circumference: Double
    private var rate: RevolutionRate

    /// A wheel of `circumference` metres whose event times tick `ticksPerSecond` times a second.
    public init(circumference: Double = defaultCircumference, ticksPerSecond: Double) {
        let circumference = circumference > 0 && circumference.isFinite ? circumference : Self.defaultCircumference
        self.circumference = circumference
        rate = RevolutionRate(ticksPerSecond: ticksPerSecond, countModulus: 1 << 32, maximumRate: Self.maximumSpeed / circumference * 60)
    }

    /// CSC wheel data: 1/1024 s.
    public static func csc(circumference: Double = defaultCircumference) -> WheelSpeed { WheelSpeed(circumference: circumference, ticksPerSecond: 1024) }
    /// Cycling Power wheel data: 1/2048 s.
    public static func power(circumference: Double = defaultCircumference) -> WheelSpeed { WheelSpeed(circumference: circumference, ticksPerSecond: 2048) }

    /// Deltas dropped as impossible so far.
    public var rejected: Int { rate.rejected }

    /// One notification's cumulative wheel revolutions and event time, `secondsSinceLast` after the previous
    /// notification: the speed in metres per second (nil for the baseline or a dropped delta; 0 once the wheel
    /// stopped) and the metres the notification adds.
    public mutating func update(revolutions: UInt32, eventTime: UInt16, secondsSinceLast: Double) -> (speed: Double?, meters: Double) {
        let rpm = rate.update(count: UInt64(revolutions), eventTime: eventTime, secondsSinceLast: secondsSinceLast)
        return (rpm.map { $0 / 60 * circumference }, Double(rate.lastRevolutions) * circumference)
    }
}
