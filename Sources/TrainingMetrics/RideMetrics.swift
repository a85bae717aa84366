/// A ride's training metrics, computed once from its one-a-second series (``SecondSeries``) and
/// the athlete's thresholds in force on its date.
///
/// - **Normalized power**: ``NormalizedPower``. **Variability index**: NP / the mean of every
///   second of moving time from the power meter's first reading, zeros in the series included.
/// - **Intensity factor**: NP / FTP. **Training stress score**: seconds × NP × IF / (FTP × 3600)
///   × 100 over the power series' seconds, so an hour at FTP scores 100 (Coggan; not
///   GoldenCheetah's BikeScore or Σ(P/CP)²).
/// - **Efficiency factor**: NP / mean heart rate of the seconds with one.
/// - **Work**: the sum of the seconds' power, in kilojoules.
/// - **Power zones**: ``PowerZones``. **Decoupling**: ``AerobicDecoupling``, over the seconds
///   both power and heart rate cover.
/// - **TRIMP**: ``TrainingImpulse``, with the athlete's resting and maximum heart rate.
/// - **Stress**: the TSS, else the TRIMP where the ride has no power (or no FTP), as the load a
///   ``TrainingLoad`` chart adds up.
/// - **HRV**: ``HeartRateVariability`` of the strap's RR intervals.
/// - **Lowest W′ balance**: ``WPrimeBalance`` with the athlete's CP and W′.
///
/// The power curve (``MeanMaximalPower``) is not among them: it is drawn, not listed, and costs
/// more than all of these together.
public struct RideMetrics: Sendable, Equatable, Codable {
    /// What the metrics are computed against: the athlete's figures on the ride's date.
    public struct Thresholds: Sendable, Equatable, Codable {
        /// Functional threshold power, in watts.
        public var functionalThresholdPower: Double?
        /// Beats per minute.
        public var maximumHeartRate: Double?
        /// Beats per minute.
        public var restingHeartRate: Double?
        /// Critical power, in watts.
        public var criticalPower: Double?
        /// W′, in joules.
        public var wPrime: Double?
        /// Banister's weighting for TRIMP.
        public var weighting: TrainingImpulse.Weighting

        /// Thresholds with these figures; any may be unknown.
        public init(functionalThresholdPower: Double? = nil, maximumHeartRate: Double? = nil, restingHeartRate: Double? = nil,
                    criticalPower: Double? = nil, wPrime: Double? = nil, weighting: TrainingImpulse.Weighting = .male) {
            self.functionalThresholdPower = functionalThresholdPower
            self.maximumHeartRate = maximumHeartRate
            self.restingHeartRate = restingHeartRate
            self.criticalPower = criticalPower
            self.wPrime = wPrime
            self.weighting = weighting
        }
    }

    /// The thresholds used.
    public var thresholds: Thresholds
    /// Seconds of moving time the series cover.
    public var seconds: Int
    /// Watts.
    public var normalizedPower: Double?
    /// Kilojoules.
    public var work: Double?
    /// NP / average power.
    public var variabilityIndex: Double?
    /// NP / FTP.
    public var intensityFactor: Double?
    /// Training stress score.
    public var trainingStressScore: Double?
    /// NP / mean heart rate, in watts per beat per minute.
    public var efficiencyFactor: Double?
    /// Percent; positive when power per beat fell in the second half.
    public var decoupling: Double?
    /// Banister's TRIMP.
    public var trainingImpulse: Double?
    /// Seconds in Coggan's levels.
    public var powerZones: PowerZones?
    /// Time-domain HRV of the ride's RR intervals.
    public var heartRateVariability: HeartRateVariability?
    /// The lowest W′ balance, in joules.
    public var lowestWPrimeBalance: Double?

    /// The metrics of a ride whose power and heart rate are `power` and `heartRate` (one value a
    /// second of moving time), whose strap sent `rrIntervals` (milliseconds), against `thresholds`.
    public init(power: SecondSeries?, heartRate: SecondSeries?, rrIntervals: [Double] = [], thresholds: Thresholds) {
        self.thresholds = thresholds
        let watts = power?.values ?? []
        let beats = heartRate?.values ?? []
        seconds = max(watts.count, beats.count)
        if !watts.isEmpty, watts.contains(where: { $0 > 0 }) {
            let average = watts.reduce(0, +) / Double(watts.count)
            work = watts.reduce(0, +) / 1000
            let normalized = NormalizedPower.of(watts)
            normalizedPower = normalized
            if let normalized, average > 0 { variabilityIndex = normalized / average }
            if let ftp = thresholds.functionalThresholdPower, ftp > 0 {
                powerZones = PowerZones(watts: watts, functionalThresholdPower: ftp)
                if let normalized {
                    let intensity = normalized / ftp
                    intensityFactor = intensity
                    trainingStressScore = Double(watts.count) * normalized * intensity / (ftp * 3600) * 100
                }
            }
            if let cp = thresholds.criticalPower, let wPrime = thresholds.wPrime, wPrime > 0 {
                var balance = WPrimeBalance(criticalPower: cp, wPrime: wPrime)
                for value in watts { balance.add(value) }
                lowestWPrimeBalance = balance.lowest
            }
            if let power, let heartRate, !beats.isEmpty {
                let paired = power.overlap(heartRate)
                decoupling = AerobicDecoupling.percent(watts: Array(paired.own), heartRate: Array(paired.other))
            }
        }
        let withHeart = beats.filter { $0 > 0 }
        if !withHeart.isEmpty {
            if let normalizedPower { efficiencyFactor = normalizedPower / (withHeart.reduce(0, +) / Double(withHeart.count)) }
            if let maximum = thresholds.maximumHeartRate, let resting = thresholds.restingHeartRate {
                trainingImpulse = TrainingImpulse.of(heartRate: beats, resting: resting, maximum: maximum, weighting: thresholds.weighting)
            }
        }
        heartRateVariability = HeartRateVariability(milliseconds: rrIntervals)
    }

    /// The ride's load for a ``TrainingLoad`` chart: its TSS, else its TRIMP; nil with neither.
    public var stress: Double? { trainingStressScore ?? trainingImpulse }
}
