public import HealthKitModel

extension ReportOptions {
    /// Takes the athlete's zone model, figures and threshold power from a profile.
    public mutating func use(_ athlete: AthleteProfile) {
        use(AthleteFigures(profile: athlete))
    }

    /// Takes an athlete's figures (the workout's, or those a club keeps with it), unless some are set
    /// already; the threshold power too, when over 0 W and none is set.
    public mutating func use(_ figures: AthleteFigures) {
        if athlete == nil { athlete = figures }
        if functionalThresholdPower == nil, let power = figures.functionalThresholdPower, power > 0 {
            functionalThresholdPower = power
        }
    }
}
