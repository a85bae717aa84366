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
        if heartRateZones == nil, let maximum = (metadata[OpenHealthKitMetadataKeyAthleteMaximumHeartRate] as? HKQuantity)?.doubleValue(for: perMinute), maximum > 60 {
            let resting = (metadata[OpenHealthKitMetadataKeyAthleteRestingHeartRate] as? HKQuantity)?.doubleValue(for: perMinute)
            let floor = resting.flatMap { $0 < maximum - 20 ? $0 : nil } ?? 0
            heartRateZones = HeartRateZones(maximum: maximum, resting: floor)
        }
        if functionalThresholdPower == nil, let power = (metadata[OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower] as? HKQuantity)?.doubleValue(for: .watt()), power > 0 {
            functionalThresholdPower = power
        }
    }
}
