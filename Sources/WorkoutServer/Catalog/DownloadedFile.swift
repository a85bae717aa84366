import Foundation
import WorkoutFormats

/// A workout's activity as the servers hand it out as a file — downloaded from a page or the API, or sent on to
/// another service — in one form: times stated in UTC, as a server knows no reader's zone.
enum DownloadedFile {
    /// `activity` as a FIT, TCX or GPX file.
    static func data(_ activity: Activity, as format: ActivityFileFormat) throws -> Data {
        try ActivityFile.data(activity, as: format, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
    }
}
