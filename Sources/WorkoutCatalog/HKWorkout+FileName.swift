public import HealthKitModel

extension HKWorkout {
    /// A file name for the workout without its extension: its activity and
    /// start in UTC, as `cycling-2011-09-25-130021`. Exports, reports and
    /// downloads (the club's too, through ``WorkoutSummary/fileBaseName``) are named this way.
    public var fileBaseName: String { WorkoutSummary.fileBaseName(activity: workoutActivityType.name, start: startDate) }
}
