/// A live ride's power figures, second by second: the 3-, 10- and 30-second means, normalized
/// power and TSS so far, the lap's normalized power, and W′ balance.
///
/// A pure machine: the recorder feeds it one value a second of moving time (``add(_:)``) and
/// calls ``startLap()`` at each lap; the dashboard and the live page read the same values. It
/// holds the last 30 seconds and a handful of sums, whatever the ride's length.
public struct LivePowerMetrics: Sendable, Equatable {
    /// The dashboard warns when W′ balance falls below this share of W′, unless told another.
    public static let defaultWarningShare = 0.25

    private var recent = [Double](repeating: 0, count: NormalizedPower.window)
    private var next = 0
    private var seen = 0
    private var ride = NormalizedPower()
    private var lap = NormalizedPower()
    private var balance: WPrimeBalance?
    private let functionalThresholdPower: Double?
    private let warningShare: Double

    /// A machine for a ride against `functionalThresholdPower` (for TSS) and `criticalPower` and
    /// `wPrime` (for W′ balance), warning below `warningShare` of W′.
    public init(functionalThresholdPower: Double? = nil, criticalPower: Double? = nil, wPrime: Double? = nil,
                warningShare: Double = defaultWarningShare) {
        self.functionalThresholdPower = functionalThresholdPower
        if let criticalPower, let wPrime, wPrime > 0 { balance = WPrimeBalance(criticalPower: criticalPower, wPrime: wPrime) }
        self.warningShare = warningShare
    }

    /// One second of moving time at `watts`.
    public mutating func add(_ watts: Double) {
        let value = watts.isFinite ? max(0, watts) : 0
        recent[next] = value
        next = (next + 1) % recent.count
        seen += 1
        ride.add(value)
        lap.add(value)
        balance?.add(value)
    }

    /// Starts a new lap: the lap's normalized power starts again.
    public mutating func startLap() {
        lap = NormalizedPower()
    }

    /// The mean of the last `seconds` (at most 30); nil until that many seconds have passed.
    public func mean(last seconds: Int) -> Double? {
        guard seconds > 0, seconds <= recent.count, seen >= seconds else { return nil }
        var sum = 0.0
        for back in 1...seconds { sum += recent[(next - back + recent.count) % recent.count] }
        return sum / Double(seconds)
    }

    /// Normalized power of the ride so far.
    public var normalizedPower: Double? { ride.value }
    /// Normalized power of the lap so far.
    public var lapNormalizedPower: Double? { lap.value }
    /// Seconds added.
    public var seconds: Int { seen }

    /// Training stress so far; nil without FTP or before 30 seconds.
    public var trainingStressScore: Double? {
        guard let ftp = functionalThresholdPower, ftp > 0, let normalized = ride.value else { return nil }
        return Double(seen) * normalized * (normalized / ftp) / (ftp * 3600) * 100
    }

    /// W′ balance now, in joules; nil without CP and W′.
    public var wPrimeBalance: Double? { balance?.balance }
    /// W′ balance as a share of W′.
    public var wPrimeShare: Double? { balance?.share }

    /// Whether W′ balance is below the warning share.
    public var wPrimeLow: Bool {
        guard let share = balance?.share else { return false }
        return share < warningShare
    }
}
