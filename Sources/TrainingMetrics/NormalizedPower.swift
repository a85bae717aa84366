/// Normalized power as a stream: the 30-second rolling mean of power, raised to the fourth
/// power, averaged, and the fourth root of that average (Coggan).
///
/// **The first 30 seconds**: the rolling mean starts once its window is full, so the first
/// value averaged is the mean of seconds 0–29 and a ride shorter than the window has no
/// normalized power. This is TrainingPeaks' and pizero_bikecomputer's rule. GoldenCheetah
/// instead fills the window with zeros from the first second, and sweat averages the seconds
/// seen so far; on a ride of an hour the three differ by well under 0.1 %.
///
/// The same machine serves a finished ride (``of(_:)``) and a live one, second by second, so the
/// dashboard's figure is the report's.
public struct NormalizedPower: Sendable, Equatable {
    /// The rolling window, in seconds.
    public static let window = 30

    private var ring: [Double]
    private var next = 0
    private var filled = 0
    private var windowSum = 0.0
    private var fourthPowerSum = 0.0
    private var averaged = 0

    /// An empty stream.
    public init() {
        ring = [Double](repeating: 0, count: Self.window)
    }

    /// Adds one second's power, in watts.
    public mutating func add(_ watts: Double) {
        let value = watts.isFinite ? max(0, watts) : 0
        windowSum += value - ring[next]
        ring[next] = value
        next = next + 1 == Self.window ? 0 : next + 1
        if filled < Self.window { filled += 1 }
        if filled == Self.window {
            // Recompute the window's sum now and then, so rounding cannot drift over a day-long ride.
            if next == 0 { windowSum = ring.reduce(0, +) }
            let mean = windowSum / Double(Self.window)
            let square = mean * mean
            fourthPowerSum += square * square
            averaged += 1
        }
    }

    /// The normalized power of the seconds added so far; nil before the window is first full.
    public var value: Double? {
        averaged == 0 ? nil : (fourthPowerSum / Double(averaged)).squareRoot().squareRoot()
    }

    /// The mean of the last 30 seconds; nil before the window is first full.
    public var rollingMean: Double? {
        filled < Self.window ? nil : windowSum / Double(Self.window)
    }

    /// The normalized power of `watts`, one value a second; nil when shorter than the window.
    public static func of(_ watts: [Double]) -> Double? {
        var stream = NormalizedPower()
        for value in watts { stream.add(value) }
        return stream.value
    }
}
