public import Foundation

/// One day's activity rings, as the Activity app shows them: active energy against the
/// move goal, exercise minutes against theirs, and stand hours against theirs.
///
/// Here the rings come from the day's data in the store (``HKActivitySummaryQuery``):
/// the active energy every app saved, the minutes of the day's workouts, and the hours in
/// which anything was recorded as a stand-in for standing, which only a watch senses.
public final class HKActivitySummary: Hashable, CustomStringConvertible, @unchecked Sendable {
    // Every stored property is a `let` of an immutable type.

    /// The day, in the Gregorian calendar (era, year, month, day).
    private let day: DateComponents
    /// Whether the user paused their rings that day.
    public let isPaused: Bool
    /// The move ring's measure: active energy or move time.
    public let activityMoveMode: HKActivityMoveMode
    /// Active energy burned that day.
    public let activeEnergyBurned: HKQuantity
    /// The move goal in active energy.
    public let activeEnergyBurnedGoal: HKQuantity
    /// Minutes of move time (for move-time mode).
    public let appleMoveTime: HKQuantity
    /// The move goal in minutes of move time.
    public let appleMoveTimeGoal: HKQuantity
    /// Minutes of exercise: the day's workouts.
    public let appleExerciseTime: HKQuantity
    /// The exercise goal in minutes.
    public let exerciseTimeGoal: HKQuantity?
    /// Hours with activity recorded.
    public let appleStandHours: HKQuantity
    /// The stand goal in hours.
    public let standHoursGoal: HKQuantity?

    /// Apple's older name for ``exerciseTimeGoal``.
    public var appleExerciseTimeGoal: HKQuantity { exerciseTimeGoal ?? HKQuantity(unit: .minute(), doubleValue: 30) }
    /// Apple's older name for ``standHoursGoal``.
    public var appleStandHoursGoal: HKQuantity { standHoursGoal ?? HKQuantity(unit: .count(), doubleValue: 12) }

    init(day: DateComponents, isPaused: Bool = false, activityMoveMode: HKActivityMoveMode, activeEnergyBurned: HKQuantity,
         activeEnergyBurnedGoal: HKQuantity, appleMoveTime: HKQuantity, appleMoveTimeGoal: HKQuantity, appleExerciseTime: HKQuantity,
         exerciseTimeGoal: HKQuantity, appleStandHours: HKQuantity, standHoursGoal: HKQuantity) {
        self.day = day
        self.isPaused = isPaused
        self.activityMoveMode = activityMoveMode
        self.activeEnergyBurned = activeEnergyBurned
        self.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        self.appleMoveTime = appleMoveTime
        self.appleMoveTimeGoal = appleMoveTimeGoal
        self.appleExerciseTime = appleExerciseTime
        self.exerciseTimeGoal = exerciseTimeGoal
        self.appleStandHours = appleStandHours
        self.standHoursGoal = standHoursGoal
    }

    /// The day the summary covers, as components of `calendar`.
    public func dateComponents(for calendar: Calendar) -> DateComponents {
        var components = day
        components.calendar = calendar
        return components
    }

    /// Summaries are equal when they cover the same day with the same figures.
    public static func == (lhs: HKActivitySummary, rhs: HKActivitySummary) -> Bool {
        lhs.day == rhs.day && lhs.activeEnergyBurned == rhs.activeEnergyBurned && lhs.appleExerciseTime == rhs.appleExerciseTime
            && lhs.appleStandHours == rhs.appleStandHours
    }

    /// Hashes the day.
    public func hash(into hasher: inout Hasher) { hasher.combine(day) }

    /// The day and its three rings.
    public var description: String {
        String(format: "%04d-%02d-%02d: move %.0f/%.0f kcal, exercise %.0f/%.0f min, stand %.0f/%.0f h", day.year ?? 0, day.month ?? 0, day.day ?? 0,
               activeEnergyBurned.doubleValue(for: .kilocalorie()), activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()),
               appleExerciseTime.doubleValue(for: .minute()), appleExerciseTimeGoal.doubleValue(for: .minute()),
               appleStandHours.doubleValue(for: .count()), appleStandHoursGoal.doubleValue(for: .count()))
    }
}
