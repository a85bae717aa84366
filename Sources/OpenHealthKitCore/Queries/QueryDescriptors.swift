public import Foundation

/// A sample type and an optional predicate, typed by the kind of sample it reads.
///
/// ```swift
/// let heartRate = HKSamplePredicate.quantitySample(type: HKQuantityType(.heartRate), predicate: today)
/// let runs = HKSamplePredicate.workout(HKQuery.predicateForWorkouts(with: .running))
/// ```
public struct HKSamplePredicate<Sample: HKSample>: @unchecked Sendable {
    // Predicates are immutable once made.

    /// The type read.
    public let sampleType: HKSampleType
    /// The predicate, if any.
    public let nsPredicate: NSPredicate?

    init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = predicate
    }

    /// Samples of any kind of `type`.
    public static func sample(type: HKSampleType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKSample> where Sample == HKSample {
        HKSamplePredicate<HKSample>(sampleType: type, predicate: predicate)
    }

    /// Quantity samples of `type`.
    public static func quantitySample(type: HKQuantityType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKQuantitySample> where Sample == HKQuantitySample {
        HKSamplePredicate<HKQuantitySample>(sampleType: type, predicate: predicate)
    }

    /// Category samples of `type`.
    public static func categorySample(type: HKCategoryType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKCategorySample> where Sample == HKCategorySample {
        HKSamplePredicate<HKCategorySample>(sampleType: type, predicate: predicate)
    }

    /// Correlations of `type`.
    public static func correlation(type: HKCorrelationType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKCorrelation> where Sample == HKCorrelation {
        HKSamplePredicate<HKCorrelation>(sampleType: type, predicate: predicate)
    }

    /// Workouts.
    public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> where Sample == HKWorkout {
        HKSamplePredicate<HKWorkout>(sampleType: HKWorkoutType(), predicate: predicate)
    }

    /// Workout routes.
    public static func workoutRoute(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkoutRoute> where Sample == HKWorkoutRoute {
        HKSamplePredicate<HKWorkoutRoute>(sampleType: HKSeriesType.workoutRoute(), predicate: predicate)
    }

    /// States of mind.
    public static func stateOfMind(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKStateOfMind> where Sample == HKStateOfMind {
        HKSamplePredicate<HKStateOfMind>(sampleType: HKStateOfMindType(), predicate: predicate)
    }
}

