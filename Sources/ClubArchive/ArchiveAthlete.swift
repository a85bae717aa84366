public import OpenHealthKitCore

/// What an archive keeps of the athlete a workout was recorded for: what the
/// club's report needs to draw heart-rate and power zones as the recorder's would.
public struct ArchiveAthlete: Codable, Sendable, Equatable {
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

    /// The athlete stored with `workout` (from an athlete profile, as `record`, `replay` and
    /// `import --profile` store it), or nil when it has none.
    public init?(workout: HKWorkout) {
        let metadata = workout.metadata ?? [:]
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        self.init(maximumHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteMaximumHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                  restingHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteRestingHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                  functionalThresholdPower: (metadata[OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower] as? HKQuantity)?.doubleValue(for: .watt()))
        if maximumHeartRate == nil, restingHeartRate == nil, functionalThresholdPower == nil { return nil }
    }
}
