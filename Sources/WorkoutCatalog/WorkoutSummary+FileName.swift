public import Foundation

extension WorkoutSummary {
    /// A file name for the workout without its extension: its activity and
    /// start in UTC, as `cycling-2011-09-25-130021`.
    public var fileBaseName: String { Self.fileBaseName(activity: activity, start: start) }

    /// The file name of a workout of `activity` (HealthKit's name) started at `start`, without its extension.
    public static func fileBaseName(activity: String, start: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return "\(activity)-\(formatter.string(from: start))"
    }
}
