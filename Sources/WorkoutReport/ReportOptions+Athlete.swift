public import HealthKitModel

extension ReportOptions {
    /// Takes the athlete's zone model, figures and threshold power from a profile.
    public mutating func use(_ athlete: AthleteProfile) {
        use(AthleteFigures(profile: athlete))
    }

    /// Takes the athlete's figures a workout was stored with (a scenario's athlete, or `--profile` when it
    /// was recorded or imported); unchanged where the workout carries none.
    public mutating func use(athleteOf workout: HKWorkout) {
        if let figures = AthleteFigures(workout: workout) { use(figures) }
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
