/// The properties of every quantity type, kept as data rather than code.
///
/// Apple has changed a type's aggregation style between OS releases (resting
/// heart rate moved from arithmetic to temporally weighted in iOS 26.4), so
/// these properties are a table that can be read and replaced, not a `switch`.
///
/// Canonical units are the units statistics are computed and stored in; heart
/// rate is `count/s` as in Apple's exports. Maximum durations are in seconds:
/// 345,600 s (four days) for most types, none for body measurements.
public struct QuantityTypeTable: Sendable {
    /// One row of the table.
    public struct Entry: Sendable {
        /// The type's identifier.
        public let identifier: HKQuantityTypeIdentifier
        /// How the type's samples combine.
        public let aggregationStyle: HKQuantityAggregationStyle
        /// The unit statistics are computed in; its dimension is the one samples must have.
        public let canonicalUnit: HKUnit
        /// The longest a sample may last, in seconds, or `nil` for no limit.
        public let maximumDuration: Double?
        /// The shortest a sample may last, in seconds.
        public let minimumDuration: Double

        /// Creates a row.
        public init(_ identifier: HKQuantityTypeIdentifier, _ style: HKQuantityAggregationStyle, _ unit: String,
                    maximumDuration: Double?, minimumDuration: Double = 0) {
            self.identifier = identifier
            self.aggregationStyle = style
            self.canonicalUnit = HKUnit(from: unit)
            self.maximumDuration = maximumDuration
            self.minimumDuration = minimumDuration
        }
    }

    /// The rows, keyed by identifier.
    public let entries: [HKQuantityTypeIdentifier: Entry]

    /// Creates a table from rows.
    public init(_ rows: [Entry]) {
        entries = Dictionary(rows.map { ($0.identifier, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The row for `identifier`, if the table knows it.
    public subscript(identifier: HKQuantityTypeIdentifier) -> Entry? { entries[identifier] }

    /// The table matching Apple's current release, and OpenHealthKit's own types (whose raw
    /// values start `OpenHealthKitQuantityTypeIdentifier`).
    public static let standard = QuantityTypeTable([
        .init(.stepCount, .cumulative, "count", maximumDuration: 345600),
        .init(.distanceWalkingRunning, .cumulative, "m", maximumDuration: 345600),
        .init(.distanceCycling, .cumulative, "m", maximumDuration: 345600),
        .init(.distanceWheelchair, .cumulative, "m", maximumDuration: 345600),
        .init(.distanceSwimming, .cumulative, "m", maximumDuration: 345600),
        .init(.distanceDownhillSnowSports, .cumulative, "m", maximumDuration: 345600),
        .init(.distanceCrossCountrySkiing, .cumulative, "m", maximumDuration: 345600),
        .init(.distancePaddleSports, .cumulative, "m", maximumDuration: 345600),
        .init(.distanceRowing, .cumulative, "m", maximumDuration: 345600),
        .init(.distanceSkatingSports, .cumulative, "m", maximumDuration: 345600),
        .init(.basalEnergyBurned, .cumulative, "kcal", maximumDuration: 345600),
        .init(.activeEnergyBurned, .cumulative, "kcal", maximumDuration: 345600),
        .init(.flightsClimbed, .cumulative, "count", maximumDuration: 345600),
        .init(.nikeFuel, .cumulative, "count", maximumDuration: 345600),
        .init(.appleExerciseTime, .cumulative, "min", maximumDuration: 345600),
        .init(.appleMoveTime, .cumulative, "min", maximumDuration: 345600),
        .init(.appleStandTime, .cumulative, "min", maximumDuration: 345600),
        .init(.pushCount, .cumulative, "count", maximumDuration: 345600),
        .init(.swimmingStrokeCount, .cumulative, "count", maximumDuration: 345600),
        .init(.timeInDaylight, .cumulative, "min", maximumDuration: 345600),
        .init(.physicalEffort, .discreteTemporallyWeighted, "kcal/kg·hr", maximumDuration: 345600),
        .init(.vo2Max, .discreteArithmetic, "mL/kg·min", maximumDuration: 345600),
        .init(.walkingSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.walkingDoubleSupportPercentage, .discreteArithmetic, "%", maximumDuration: 345600),
        .init(.walkingAsymmetryPercentage, .discreteArithmetic, "%", maximumDuration: 345600),
        .init(.walkingStepLength, .discreteArithmetic, "m", maximumDuration: 345600),
        .init(.sixMinuteWalkTestDistance, .discreteArithmetic, "m", maximumDuration: 345600),
        .init(.stairAscentSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.stairDescentSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.appleWalkingSteadiness, .discreteArithmetic, "%", maximumDuration: 345600),
        .init(.runningStrideLength, .discreteArithmetic, "m", maximumDuration: 345600),
        .init(.runningVerticalOscillation, .discreteArithmetic, "cm", maximumDuration: 345600),
        .init(.runningGroundContactTime, .discreteArithmetic, "ms", maximumDuration: 345600),
        .init(.runningPower, .discreteArithmetic, "W", maximumDuration: 345600),
        .init(.runningSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.cyclingSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.cyclingPower, .discreteArithmetic, "W", maximumDuration: 345600),
        .init(.cyclingFunctionalThresholdPower, .discreteArithmetic, "W", maximumDuration: 345600),
        .init(.cyclingCadence, .discreteArithmetic, "count/min", maximumDuration: 345600),
        .init(.crossCountrySkiingSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.paddleSportsSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.rowingSpeed, .discreteArithmetic, "m/s", maximumDuration: 345600),
        .init(.workoutEffortScore, .discreteArithmetic, "appleEffortScore", maximumDuration: 345600),
        .init(.estimatedWorkoutEffortScore, .discreteArithmetic, "appleEffortScore", maximumDuration: 345600),
        .init(.heartRate, .discreteArithmetic, "count/s", maximumDuration: 345600),
        .init(.restingHeartRate, .discreteArithmetic, "count/min", maximumDuration: 345600),
        .init(.walkingHeartRateAverage, .discreteArithmetic, "count/min", maximumDuration: 345600),
        .init(.heartRateVariabilitySDNN, .discreteArithmetic, "ms", maximumDuration: 345600),
        .init(.heartRateRecoveryOneMinute, .discreteArithmetic, "count/min", maximumDuration: 345600),
        .init(.atrialFibrillationBurden, .discreteArithmetic, "%", maximumDuration: 1209600),
        .init(.oxygenSaturation, .discreteArithmetic, "%", maximumDuration: 345600),
        .init(.peripheralPerfusionIndex, .discreteArithmetic, "%", maximumDuration: 345600),
        .init(.bodyTemperature, .discreteArithmetic, "degC", maximumDuration: 345600),
        .init(.basalBodyTemperature, .discreteArithmetic, "degC", maximumDuration: 345600),
        .init(.appleSleepingWristTemperature, .discreteArithmetic, "degC", maximumDuration: 345600),
        .init(.bloodPressureSystolic, .discreteArithmetic, "mmHg", maximumDuration: 345600),
        .init(.bloodPressureDiastolic, .discreteArithmetic, "mmHg", maximumDuration: 345600),
        .init(.respiratoryRate, .discreteArithmetic, "count/s", maximumDuration: 345600),
        .init(.appleSleepingBreathingDisturbances, .discreteArithmetic, "count", maximumDuration: 345600),
        .init(.bloodGlucose, .discreteArithmetic, "mg/dL", maximumDuration: 345600),
        .init(.electrodermalActivity, .discreteArithmetic, "S", maximumDuration: 345600),
        .init(.bloodAlcoholContent, .discreteArithmetic, "%", maximumDuration: 345600),
        .init(.forcedVitalCapacity, .discreteArithmetic, "L", maximumDuration: 345600),
        .init(.forcedExpiratoryVolume1, .discreteArithmetic, "L", maximumDuration: 345600),
        .init(.peakExpiratoryFlowRate, .discreteArithmetic, "L/min", maximumDuration: 345600),
        .init(.numberOfTimesFallen, .cumulative, "count", maximumDuration: 345600),
        .init(.inhalerUsage, .cumulative, "count", maximumDuration: 345600),
        .init(.insulinDelivery, .cumulative, "IU", maximumDuration: 345600),
        .init(.numberOfAlcoholicBeverages, .cumulative, "count", maximumDuration: 345600),
        .init(.environmentalAudioExposure, .discreteEquivalentContinuousLevel, "dBASPL", maximumDuration: 345600),
        .init(.headphoneAudioExposure, .discreteEquivalentContinuousLevel, "dBASPL", maximumDuration: 345600),
        .init(.environmentalSoundReduction, .discreteArithmetic, "dBASPL", maximumDuration: 345600),
        .init(.uvExposure, .discreteArithmetic, "count", maximumDuration: 345600),
        .init(.underwaterDepth, .discreteArithmetic, "m", maximumDuration: 345600),
        .init(.waterTemperature, .discreteArithmetic, "degC", maximumDuration: 345600),
        .init(.bodyMassIndex, .discreteArithmetic, "count", maximumDuration: nil),
        .init(.bodyFatPercentage, .discreteArithmetic, "%", maximumDuration: nil),
        .init(.height, .discreteArithmetic, "m", maximumDuration: nil),
        .init(.bodyMass, .discreteArithmetic, "kg", maximumDuration: nil),
        .init(.leanBodyMass, .discreteArithmetic, "kg", maximumDuration: nil),
        .init(.waistCircumference, .discreteArithmetic, "m", maximumDuration: nil),
        .init(.dietaryFatTotal, .cumulative, "g", maximumDuration: 345600),
        .init(.dietaryFatPolyunsaturated, .cumulative, "g", maximumDuration: 345600),
        .init(.dietaryFatMonounsaturated, .cumulative, "g", maximumDuration: 345600),
        .init(.dietaryFatSaturated, .cumulative, "g", maximumDuration: 345600),
        .init(.dietaryCholesterol, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietarySodium, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryCarbohydrates, .cumulative, "g", maximumDuration: 345600),
        .init(.dietaryFiber, .cumulative, "g", maximumDuration: 345600),
        .init(.dietarySugar, .cumulative, "g", maximumDuration: 345600),
        .init(.dietaryEnergyConsumed, .cumulative, "kcal", maximumDuration: 345600),
        .init(.dietaryProtein, .cumulative, "g", maximumDuration: 345600),
        .init(.dietaryVitaminA, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryVitaminB6, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryVitaminB12, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryVitaminC, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryVitaminD, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryVitaminE, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryVitaminK, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryCalcium, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryIron, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryThiamin, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryRiboflavin, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryNiacin, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryFolate, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryBiotin, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryPantothenicAcid, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryPhosphorus, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryIodine, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryMagnesium, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryZinc, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietarySelenium, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryCopper, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryManganese, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryChromium, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryMolybdenum, .cumulative, "mcg", maximumDuration: 345600),
        .init(.dietaryChloride, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryPotassium, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryCaffeine, .cumulative, "mg", maximumDuration: 345600),
        .init(.dietaryWater, .cumulative, "mL", maximumDuration: 345600),
        // OpenHealthKit's own: an athlete's dated settings that HealthKit has no type for.
        .init(.openHealthKitMaximumHeartRate, .discreteArithmetic, "count/min", maximumDuration: 345600),
        .init(.openHealthKitLactateThresholdHeartRate, .discreteArithmetic, "count/min", maximumDuration: 345600),
        .init(.openHealthKitCriticalPower, .discreteArithmetic, "W", maximumDuration: 345600),
        .init(.openHealthKitWPrime, .discreteArithmetic, "kJ", maximumDuration: 345600),
    ])
}
