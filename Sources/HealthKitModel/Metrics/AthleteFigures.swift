/// The athlete's figures a workout is stored with (``AthleteProfile/workoutMetadata`` writes
/// them): what reports need for heart-rate and power zones, and what a club archive carries.
public struct AthleteFigures: Codable, Sendable, Equatable {
    /// Beats per minute.
    public var maximumHeartRate: Double?
    /// Beats per minute.
    public var restingHeartRate: Double?
    /// Functional threshold power, in watts.
    public var functionalThresholdPower: Double?
    /// Beats per minute.
    public var lactateThresholdHeartRate: Double?
    /// How the athlete's heart-rate zones are drawn; percentages of the maximum when not said.
    public var zoneModel: HeartRateZoneModel?
    /// Critical power, in watts.
    public var criticalPower: Double?
    /// W′, in joules.
    public var wPrime: Double?

    /// An athlete with these figures.
    public init(maximumHeartRate: Double? = nil, restingHeartRate: Double? = nil, functionalThresholdPower: Double? = nil,
                lactateThresholdHeartRate: Double? = nil, zoneModel: HeartRateZoneModel? = nil, criticalPower: Double? = nil, wPrime: Double? = nil) {
        self.criticalPower = criticalPower
        self.wPrime = wPrime
        self.maximumHeartRate = maximumHeartRate
        self.restingHeartRate = restingHeartRate
        self.functionalThresholdPower = functionalThresholdPower
        self.lactateThresholdHeartRate = lactateThresholdHeartRate
        self.zoneModel = zoneModel
    }

    /// The figures of `profile`, as ``AthleteProfile/workoutMetadata`` stores them.
    public init(profile: AthleteProfile) {
        self.init(maximumHeartRate: profile.estimatedMaximumHeartRate, restingHeartRate: profile.restingHeartRate,
                  functionalThresholdPower: profile.functionalThresholdPower, lactateThresholdHeartRate: profile.lactateThresholdHeartRate,
                  zoneModel: profile.zoneModel, criticalPower: profile.criticalPower, wPrime: profile.wPrime)
    }

    /// The figures stored with `workout` (from an athlete profile, as `record`, `replay` and
    /// `import --profile` store them), or nil when it has none.
    public init?(workout: HKWorkout) {
        let metadata = workout.metadata ?? [:]
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        self.init(maximumHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteMaximumHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                  restingHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteRestingHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                  functionalThresholdPower: (metadata[OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower] as? HKQuantity)?.doubleValue(for: .watt()),
                  lactateThresholdHeartRate: (metadata[OpenHealthKitMetadataKeyAthleteLactateThresholdHeartRate] as? HKQuantity)?.doubleValue(for: perMinute),
                  zoneModel: (metadata[OpenHealthKitMetadataKeyAthleteZoneModel] as? String).flatMap(HeartRateZoneModel.init(rawValue:)),
                  criticalPower: (metadata[OpenHealthKitMetadataKeyAthleteCriticalPower] as? HKQuantity)?.doubleValue(for: .watt()),
                  wPrime: (metadata[OpenHealthKitMetadataKeyAthleteWPrime] as? HKQuantity)?.doubleValue(for: .joule()))
        if maximumHeartRate == nil, restingHeartRate == nil, functionalThresholdPower == nil, lactateThresholdHeartRate == nil { return nil }
    }
}
