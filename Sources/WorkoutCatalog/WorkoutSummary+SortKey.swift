extension WorkoutSummary {
    /// What a list of workouts is sorted by: one key for the web app's list, the
    /// club's, and their `?sort=` parameter (`-distance` for largest first).
    public enum SortKey: String, Sendable, CaseIterable {
        /// When the workout started.
        case start
        /// The activity's name, alphabetically.
        case activity
        /// Seconds of activity.
        case duration
        /// Metres covered.
        case distance
        /// Active energy.
        case energy
        /// Average heart rate.
        case heartRate
    }
}
