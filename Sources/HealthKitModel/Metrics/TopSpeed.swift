/// A workout's top speed as every surface shows it, live and saved: the highest speed held over three readings
/// in a row (the median of each three), so a single-reading spike never counts; readings that are negative or
/// of 100 m/s and over are not speeds. Readings are added as they arrive.
///
/// ```swift
/// var top = TopSpeed()
/// for speed in [8.0, 30.0, 8.2, 8.4] { top.add(speed) }   // metres per second
/// top.sustained   // 8.2: the 30 m/s spike is one reading
/// ```
public struct TopSpeed: Hashable, Sendable {
    /// The last two plausible readings, oldest first.
    private var recent: [Double] = []
    /// The lowest plausible reading, for a workout with fewer than three.
    private var lowest: Double?
    private var best: Double?

    /// No readings yet.
    public init() {}

    /// Takes one speed, in metres per second.
    public mutating func add(_ speed: Double) {
        guard speed.isFinite, speed >= 0, speed < 100 else { return }
        lowest = min(lowest ?? speed, speed)
        if recent.count == 2 {
            let three = [recent[0], recent[1], speed].sorted()
            best = max(best ?? three[1], three[1])
            recent.removeFirst()
        }
        recent.append(speed)
    }

    /// The highest median of three consecutive readings; with fewer than three readings, the lowest; nil without any.
    public var sustained: Double? { best ?? lowest }

    /// The top speed to show: the one the workout states (a device's session, a live recording's gated Doppler
    /// maximum) unless it is a spike, more than 20 % and 2 m/s above the readings' sustained maximum (an Edge 500
    /// states 94 km/h for a ride whose records hold 62 but for one reading); then the sustained maximum.
    public static func shown(stated: Double?, sustained: Double?) -> Double? {
        guard let stated else { return sustained }
        guard let sustained, stated > sustained * 1.2 + 2 else { return stated }
        return sustained
    }
}
