extension HKQuantityTypeIdentifier {
    /// `OpenHealthKitQuantityTypeIdentifierMaximumHeartRate`: the athlete's maximum heart rate as
    /// set from a date on; discrete, canonical unit `count/min`.
    ///
    /// Not one of Apple's: HealthKit has no type for it. Its raw value says so, and an export for
    /// Apple's tools leaves it out as they leave out any type they do not know.
    public static let openHealthKitMaximumHeartRate = HKQuantityTypeIdentifier(rawValue: "OpenHealthKitQuantityTypeIdentifierMaximumHeartRate")
    /// `OpenHealthKitQuantityTypeIdentifierLactateThresholdHeartRate`: the athlete's threshold
    /// heart rate as set from a date on; discrete, canonical unit `count/min`. Not one of Apple's.
    public static let openHealthKitLactateThresholdHeartRate = HKQuantityTypeIdentifier(rawValue: "OpenHealthKitQuantityTypeIdentifierLactateThresholdHeartRate")
    /// `OpenHealthKitQuantityTypeIdentifierCriticalPower`: the athlete's critical power as set from a
    /// date on; discrete, canonical unit `W`. Not one of Apple's.
    public static let openHealthKitCriticalPower = HKQuantityTypeIdentifier(rawValue: "OpenHealthKitQuantityTypeIdentifierCriticalPower")
    /// `OpenHealthKitQuantityTypeIdentifierWPrime`: the athlete's W′ (work above critical power) as
    /// set from a date on; discrete, canonical unit `kJ`. Not one of Apple's.
    public static let openHealthKitWPrime = HKQuantityTypeIdentifier(rawValue: "OpenHealthKitQuantityTypeIdentifierWPrime")
}
