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
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        let metadata = workout.metadata ?? [:]
        useAthlete(maximumHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteMaximumHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                   restingHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteRestingHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                   thresholdPower: (metadata[OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower] as? HKQuantity)?.doubleValue(for: .watt()))
    }

    /// Takes the zones from an athlete's figures (as a club keeps them with a workout), unless zones or a
    /// threshold power are set already: heart-rate zones from a maximum over 60 bpm (and a resting rate at
    /// least 20 below it), power zones from a threshold over 0 W.
    public mutating func useAthlete(maximumHeartRate: Double?, restingHeartRate: Double?, thresholdPower: Double?) {
        if heartRateZones == nil, let maximum = maximumHeartRate, maximum > 60 {
            let floor = restingHeartRate.flatMap { $0 < maximum - 20 ? $0 : nil } ?? 0
            heartRateZones = HeartRateZones(maximum: maximum, resting: floor)
        }
        if functionalThresholdPower == nil, let thresholdPower, thresholdPower > 0 {
            functionalThresholdPower = thresholdPower
        }
    }
}
