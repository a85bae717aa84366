public import OpenHealthKitCore

extension ReportOptions {
    /// Zones from an athlete: Karvonen's heart-rate reserve when the resting
    /// heart rate is known, else percentages of the maximum; and the threshold power.
    public mutating func use(_ athlete: AthleteProfile) {
        heartRateZones = HeartRateZones.karvonen(profile: athlete)
        functionalThresholdPower = athlete.functionalThresholdPower ?? functionalThresholdPower
    }

    /// Zones from the athlete's figures a workout was stored with (a scenario's
    /// athlete, or `--profile` when it was recorded or imported); unchanged
    /// where the workout carries none.
    public mutating func use(athleteOf workout: HKWorkout) {
        if let figures = AthleteFigures(workout: workout) { use(figures) }
    }

    /// Takes the zones from an athlete's figures (the workout's, or those a club keeps with it), unless zones
    /// or a threshold power are set already: heart-rate zones from a maximum over 60 bpm (and a resting rate
    /// at least 20 below it), power zones from a threshold over 0 W.
    public mutating func use(_ figures: AthleteFigures) {
        if heartRateZones == nil, let maximum = figures.maximumHeartRate, maximum > 60 {
            let floor = figures.restingHeartRate.flatMap { $0 < maximum - 20 ? $0 : nil } ?? 0
            heartRateZones = HeartRateZones(maximum: maximum, resting: floor)
        }
        if functionalThresholdPower == nil, let power = figures.functionalThresholdPower, power > 0 {
            functionalThresholdPower = power
        }
    }
}
