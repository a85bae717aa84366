/// The facts about a person that energy and zone models need.
public struct AthleteProfile: Hashable, Sendable, Codable {
    /// Sex, for the sex-specific formulas.
    public enum Sex: String, Hashable, Sendable, Codable {
        /// Female.
        case female
        /// Male.
        case male
    }

    /// Sex.
    public var sex: Sex
    /// Age in years.
    public var age: Double
    /// Body mass in kilograms.
    public var massKilograms: Double
    /// Height in centimetres.
    public var heightCentimeters: Double
    /// Maximum heart rate in bpm; estimated from age when `nil`.
    public var maximumHeartRate: Double?
    /// Resting heart rate in bpm, for heart-rate-reserve zones.
    public var restingHeartRate: Double?
    /// Functional threshold power in watts, for cyclists.
    public var functionalThresholdPower: Double?
    /// Lactate-threshold heart rate in bpm, for ``HeartRateZoneModel/lactateThreshold`` zones.
    public var lactateThresholdHeartRate: Double?
    /// Critical power in watts, for W′ balance.
    public var criticalPower: Double?
    /// W′ in joules (work above critical power before exhaustion), for W′ balance.
    public var wPrime: Double?
    /// How heart-rate zones are drawn: percentages of the maximum unless the athlete chose otherwise.
    public var zoneModel: HeartRateZoneModel = .percentOfMaximum
    /// The bike's wheel circumference, metres, for a speed sensor's or power meter's wheel data; nil for the
    /// default (2.105 m, a 700×25c tyre).
    public var wheelCircumference: Double?

    /// Describes an athlete.
    /// The person assumed where nobody is described: 35 years old, male formulas, 72 kg, 178 cm, no measured
    /// heart rates or FTP. Energy from a store that says nothing of its person, and a scenario without an athlete, use it.
    public static let assumed = AthleteProfile(sex: .male, age: 35, massKilograms: 72, heightCentimeters: 178)

    /// The FTP efforts are simulated with: the profile's, else 3 W/kg.
    public var assumedFunctionalThresholdPower: Double { functionalThresholdPower ?? 3 * massKilograms }

    public init(sex: Sex, age: Double, massKilograms: Double, heightCentimeters: Double,
                maximumHeartRate: Double? = nil, restingHeartRate: Double? = nil, functionalThresholdPower: Double? = nil,
                lactateThresholdHeartRate: Double? = nil, zoneModel: HeartRateZoneModel = .percentOfMaximum, wheelCircumference: Double? = nil,
                criticalPower: Double? = nil, wPrime: Double? = nil) {
        self.wheelCircumference = wheelCircumference
        self.criticalPower = criticalPower
        self.wPrime = wPrime
        self.sex = sex
        self.age = age
        self.massKilograms = massKilograms
        self.heightCentimeters = heightCentimeters
        self.maximumHeartRate = maximumHeartRate
        self.restingHeartRate = restingHeartRate
        self.functionalThresholdPower = functionalThresholdPower
        self.lactateThresholdHeartRate = lactateThresholdHeartRate
        self.zoneModel = zoneModel
    }

    /// The maximum heart rate: the profile's, or Tanaka et al. 2001, 208 − 0.7 × age.
    public var estimatedMaximumHeartRate: Double { maximumHeartRate ?? 208 - 0.7 * age }
}

extension AthleteProfile {
    /// The profile's figures as workout metadata: maximum heart rate (the
    /// profile's or the estimate from age), resting heart rate and
    /// functional threshold power when given.
    public var workoutMetadata: [String: Any] {
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        var metadata: [String: Any] = [OpenHealthKitMetadataKeyAthleteMaximumHeartRate: HKQuantity(unit: perMinute, doubleValue: estimatedMaximumHeartRate)]
        if let restingHeartRate { metadata[OpenHealthKitMetadataKeyAthleteRestingHeartRate] = HKQuantity(unit: perMinute, doubleValue: restingHeartRate) }
        if let functionalThresholdPower { metadata[OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower] = HKQuantity(unit: .watt(), doubleValue: functionalThresholdPower) }
        if let lactateThresholdHeartRate {
            metadata[OpenHealthKitMetadataKeyAthleteLactateThresholdHeartRate] = HKQuantity(unit: perMinute, doubleValue: lactateThresholdHeartRate)
        }
        if let criticalPower { metadata[OpenHealthKitMetadataKeyAthleteCriticalPower] = HKQuantity(unit: .watt(), doubleValue: criticalPower) }
        if let wPrime { metadata[OpenHealthKitMetadataKeyAthleteWPrime] = HKQuantity(unit: .joule(), doubleValue: wPrime) }
        metadata[OpenHealthKitMetadataKeyAthleteZoneModel] = zoneModel.rawValue
        return metadata
    }
}
