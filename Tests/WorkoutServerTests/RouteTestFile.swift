import ClubArchive
import Foundation
import OpenHealthKit
import WorkoutCatalog
import WorkoutFormats

/// A small ride as a FIT file for the route tests: two minutes at 1 Hz with position, heart rate and
/// distance, so every route's work stays light on the two cooperative threads the whole suite shares.
enum RouteTestFile {
    static func ride(start: Date = Date(timeIntervalSince1970: 1_789_990_000)) throws -> Data {
        try ActivityFile.data(activity(start: start), as: .fit, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
    }

    /// The same ride as a club keeps it, sent with `athlete`'s figures.
    static func archive(start: Date, athlete: AthleteFigures?) throws -> WorkoutArchive {
        let activity = activity(start: start)
        let summary = WorkoutSummary(id: UUID().uuidString, activity: "cycling", start: start, end: start.addingTimeInterval(119), durationSeconds: 119,
                                     distanceMeters: 119 * 5.5, energyKilocalories: nil, averageHeartRate: nil, pauses: 0, legs: nil)
        return try WorkoutArchive(summary: summary, activity: activity, athlete: athlete)
    }

    static func activity(start: Date) -> Activity {
        var records: [ActivityRecord] = []
        for second in 0..<120 {
            let t = Double(second)
            let latitude: Double = 52.37 + t * 5e-5
            let altitude: Double = 3 + Double(second % 9)
            let heartRate: Double = 125 + Double(second % 30)
            records.append(ActivityRecord(date: start.addingTimeInterval(t), latitude: latitude, longitude: 4.89, altitude: altitude,
                                          heartRate: heartRate, speed: 5.5, distance: t * 5.5))
        }
        let session = ActivitySummary(sport: .cycling, start: start, elapsedTime: 119, distance: 119 * 5.5)
        return Activity(records: records, laps: [session], sessions: [session])
    }
}

/// A page form's upload as a browser sends it: `multipart/form-data` with a `file` part and text fields.
struct MultipartUpload {
    static let boundary = "----route-test-boundary"
    /// The Content-Type header's value.
    static var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body: `fields` as text parts, then `file` named `name`.
    static func body(file: Data, name: String, fields: [String: String] = [:]) -> Data {
        var body = Data()
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(key)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
        body.append(file)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return body
    }
}
