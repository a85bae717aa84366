/// Critical power (CP) and W′ by the two-parameter model, P(t) = W′/t + CP, fitted on a
/// mean-maximal curve.
///
/// **The fit.** Ordinary least squares of power against 1/t over every whole second from 2 to
/// 20 minutes (120–1200 s) of the curve: the model is linear in 1/t, so this is the exact
/// minimum of the squared power errors that a non-linear fit of P(t) (sweat's `curve_fit`,
/// GoldenCheetah's least-squares option) converges to. GoldenCheetah's default instead searches
/// the envelope of 2–3.3 and 12–20 minute efforts, which lands a few watts higher when the
/// efforts were not maximal.
///
/// **Estimated FTP** is the model's power for one hour, CP + W′/3600: the power one can hold for
/// an hour, which is what FTP means.
public struct CriticalPower: Sendable, Equatable, Codable {
    /// The shortest and longest durations fitted, in seconds.
    public static let fittedDurations = 120...1200

    /// Critical power, in watts.
    public var criticalPower: Double
    /// Work above critical power that can be done before exhaustion, in joules.
    public var wPrime: Double
    /// The share of the curve's variance over the fitted durations that the model explains (R²).
    public var rSquared: Double

    /// A model with these parameters.
    public init(criticalPower: Double, wPrime: Double, rSquared: Double = 1) {
        self.criticalPower = criticalPower
        self.wPrime = wPrime
        self.rSquared = rSquared
    }

    /// The model fitted on `curve`; nil when the curve does not reach 20 minutes or the fit is not
    /// physical (W′ or CP not positive).
    public init?(curve: MeanMaximalPower) {
        var x: [Double] = [], y: [Double] = []
        for (duration, watts) in zip(curve.durations, curve.watts) where Self.fittedDurations.contains(duration) {
            x.append(1 / Double(duration))
            y.append(watts)
        }
        guard x.count == Self.fittedDurations.count else { return nil }
        let count = Double(x.count)
        let meanX = x.reduce(0, +) / count, meanY = y.reduce(0, +) / count
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (xi, yi) in zip(x, y) {
            sxy += (xi - meanX) * (yi - meanY)
            sxx += (xi - meanX) * (xi - meanX)
            syy += (yi - meanY) * (yi - meanY)
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        let intercept = meanY - slope * meanX
        guard slope > 0, intercept > 0 else { return nil }
        criticalPower = intercept
        wPrime = slope
        rSquared = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1
    }

    /// The power the model says can be held for `seconds`.
    public func power(for seconds: Double) -> Double {
        criticalPower + wPrime / seconds
    }

    /// The estimated functional threshold power: the model's power for one hour.
    public var estimatedFunctionalThresholdPower: Double { power(for: 3600) }
}
