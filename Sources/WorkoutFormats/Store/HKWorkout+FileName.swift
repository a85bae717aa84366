public import OpenHealthKitCore
import Foundation

extension HKWorkout {
    /// A file name for the workout without its extension: its activity and
    /// start in UTC, as `cycling-2011-09-25-130021`. Exports, reports and
    /// downloads are named this way.
    public var fileBaseName: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return "\(workoutActivityType.name)-\(formatter.string(from: startDate))"
    }
}
