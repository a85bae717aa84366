import Foundation
import WorkoutFormats
import WorkoutCatalog

/// What an activity file holds, for `info`, `import` and `export`: as one
/// line of text, or as JSON with stable keys.
struct ActivityDescription: Encodable {
    struct Session: Encodable {
        var sport: String
        var start: Date
        var timerSeconds: Double
        var distanceMeters: Double?
        var energyKilocalories: Double?
    }

    var creator: String
    var sports: [String]
    var start: Date?
    /// The zone the file says it was recorded in, if it says.
    var timeZone: TimeZone?
    var timerSeconds: Double
    var distanceMeters: Double?
    var energyKilocalories: Double?
    var records: Int
    var laps: Int
    var sessions: [Session]
    var pauses: Int
    var discardedRecords: Int

    init(_ activity: Activity) {
        creator = activity.creator.name
        sports = activity.sessions.isEmpty ? [activity.sport.name] : activity.sessions.map(\.sport.name)
        start = activity.startDate
        timeZone = activity.timeZone
        timerSeconds = activity.sessions.reduce(0) { $0 + $1.timerTime }
        let distance = activity.sessions.compactMap(\.distance).reduce(0, +)
        distanceMeters = distance > 0 ? distance : nil
        let calories = activity.sessions.compactMap(\.calories).reduce(0, +)
        energyKilocalories = calories > 0 ? calories : nil
        records = activity.records.count
        laps = activity.laps.count
        sessions = activity.sessions.map {
            Session(sport: $0.sport.name, start: $0.start, timerSeconds: $0.timerTime, distanceMeters: $0.distance, energyKilocalories: $0.calories)
        }
        pauses = activity.pauses.count
        discardedRecords = activity.discardedRecords
    }

    /// One line: sport, start, duration, distance, energy, records, laps, pauses.
    /// The description with the stored workout's own totals (sport, timer time, distance, energy), as `list`
    /// and `show` say them, in place of what the file stated.
    func stored(as summary: WorkoutSummary) -> ActivityDescription {
        var description = self
        description.sports = summary.legs ?? [summary.activity]
        description.timerSeconds = summary.durationSeconds
        description.distanceMeters = summary.distanceMeters
        description.energyKilocalories = summary.energyKilocalories
        return description
    }

    var text: String {
        var parts = [sports.joined(separator: "+")]
        // The file's own zone where it gives one, else this machine's.
        if let start { parts.append(WorkoutDateText.dateTime(start, in: timeZone ?? .current, zone: true)) }
        parts.append(clockText(timerSeconds))
        if let distanceMeters { parts.append(String(format: "%.2f km", distanceMeters / 1000)) }
        if let energyKilocalories { parts.append(String(format: "%.0f kcal", energyKilocalories)) }
        parts.append("\(records) records, \(laps) lap\(laps == 1 ? "" : "s")")
        if pauses > 0 { parts.append("\(pauses) pause\(pauses == 1 ? "" : "s")") }
        if discardedRecords > 0 { parts.append("\(discardedRecords) implausible record\(discardedRecords == 1 ? "" : "s") left out") }
        return parts.joined(separator: ", ")
    }
}

/// One line about an activity: sport, start, duration, distance, energy, records, laps.
func describe(_ activity: Activity) -> String { ActivityDescription(activity).text }

/// Reads an activity file; its errors print as `file:line:column: error: …`.
func readActivityFile(_ path: String) throws(ActivityFileError) -> Activity {
    try ActivityFile.read(URL(fileURLWithPath: path))
}
