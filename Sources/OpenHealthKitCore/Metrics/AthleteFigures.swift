/// The athlete's figures a workout is stored with (``AthleteProfile/workoutMetadata`` writes
/// them): what reports need for heart-rate and power zones, and what a club archive carries.
public struct AthleteFigures: Codable, Sendable, Equatable {
    /// Beats per minute.
    public var maximumHeartRate: Double?
    /// Beats per minute.
    public var restingHeartRate: Double?
    /// Functional threshold power, in watts.
    public var functionalThresholdPower: Double?

    /// An athlete with these figures.
    public init(maximumHeartRate: Double? = nil, restingHeartRate: Double? = nil, functionalThresholdPower: Double? = nil) {
        self.maximumHeartRate = maximumHeartRate
        self.restingHeartRate = restingHeartRate
        self.functionalThresholdPower = functionalThresholdPower
    }

    /// The figures stored with `workout` (from an athlete profile, as `record`, `replay` and
    /// `import --profile` store them), or nil when it has none.
    public init?(workout: HKWorkout) {
        let metadata = workout.metadata ?? [:]
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        self.init(maximumHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteMaximumHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                  restingHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteRestingHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                  functionalThresholdPower: (metadata[OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower] as? HKQuantity)?.doubleValue(for: .watt()))
        if maximumHeartRate == nil, restingHeartRate == nil, functionalThresholdPower == nil { return nil }
    }
}
