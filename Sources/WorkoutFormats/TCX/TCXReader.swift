public import Foundation

/// Reads Garmin Training Center (TCX v1 and v2) activities into an ``Activity``.
///
/// Each `Activity` becomes a session with its sport (several under `Activities`
/// are separate workouts: ``Activity/sessionsAreSeparateWorkouts``); a `MultiSportSession`
/// gives one session per `Activity` of its `FirstSport` and `NextSport`s, and
/// one of sport ``ActivitySport/transition`` per `Transition`. Each `Lap`
/// keeps its totals (`TotalTimeSeconds` is timer time; its elapsed time runs
/// to the next lap's start in its session, or to its last trackpoint for a
/// session's last lap, so time between sessions shows); each `Trackpoint` with a time
/// becomes a record, with speed, power and run cadence from the `TPX`
/// extension. A lap's second and later `Track` elements follow pauses, as
/// Garmin writes them; they become timer stops and starts.
public enum TCXReader {
    /// What was read within `limits`, and the problem that stopped reading, if any.
    public static func read(_ data: Data, limits: ActivityFileLimits = .standard) -> (activity: Activity, problem: XMLLocatedProblem?) {
        XMLLocatedProblem.read(data, with: Handler(read: ActivityXMLRecords(limits: limits)))
    }

    private struct Handler: ActivityXMLHandler {
        var read: ActivityXMLRecords
        var laps: [ActivitySummary] = []
        var lapLastPoint: [Date?] = []
        var sessions: [(sport: ActivitySport, firstLap: Int)] = []
        var notes: [String] = []
        var creator = ActivityCreator(name: "unknown device", manufacturer: 0)
        var path: [String] = []
        var record: ActivityRecord?
        var lap: ActivitySummary?
        var lapPoint: Date?
        var tracksInLap = 0
        var recordsAtTrackStart = 0
        var sawActivity = false
        /// `<Activity>` elements straight under `<Activities>`: more than one is a history of separate workouts.
        var standaloneActivities = 0

        mutating func startElement(_ name: String, attributes: [(name: String, value: String)], offset: Int) throws(XMLProblem) {
            if name == "Trackpoint", read.records.count >= read.limits.maximumRecords { throw XMLProblem(read.limits.tooManyRecords, at: offset) }
            path.append(name)
            switch name {
            case "Activity" where path.count >= 2 && ["Activities", "FirstSport", "NextSport"].contains(path[path.count - 2]):
                sawActivity = true
                if path[path.count - 2] == "Activities" { standaloneActivities += 1 }
                sessions.append((ActivitySport(tcxName: attributes.first { $0.name == "Sport" }?.value ?? ""), laps.count))
            case "Transition" where path.count >= 2 && path[path.count - 2] == "NextSport":
                // A transition is one lap of a session of its own.
                sessions.append((.transition, laps.count))
                fallthrough
            case "Lap":
                guard let text = attributes.first(where: { $0.name == "StartTime" })?.value else { throw XMLProblem("a \(name) needs a StartTime attribute", at: offset) }
                guard let start = ISO8601.parse(text) else { throw XMLProblem("\(name) StartTime=\"\(text)\" is not an ISO 8601 time", at: offset) }
                lap = ActivitySummary(sport: sessions.last?.sport ?? .generic, start: start, elapsedTime: 0, timerTime: 0)
                lapPoint = nil
                tracksInLap = 0
            case "Track" where lap != nil:
                tracksInLap += 1
                recordsAtTrackStart = read.records.count
            case "Trackpoint" where lap != nil:
                record = ActivityRecord(date: .distantPast)
            default: break
            }
        }

        mutating func endElement(_ name: String) throws(XMLProblem) {
            path.removeLast()
            switch name {
            case "Trackpoint":
                guard let record, record.date != .distantPast else {
                    self.record = nil
                    return
                }
                // A track after the first in a lap follows a pause.
                if tracksInLap > 1, read.records.count == recordsAtTrackStart, let previous = read.records.last {
                    read.timers.append(ActivityTimerEvent(.stop, at: previous.date))
                    read.timers.append(ActivityTimerEvent(.start, at: record.date))
                }
                var kept = record
                if let latitude = kept.latitude, let longitude = kept.longitude, abs(latitude) <= 90, abs(longitude) <= 180 {
                } else {
                    // Half a position, or one off the globe, is no position.
                    kept.latitude = nil
                    kept.longitude = nil
                }
                read.records.append(kept)
                lapPoint = max(lapPoint ?? record.date, record.date)
                self.record = nil
            case "Lap", "Transition":
                if let lap {
                    laps.append(lap)
                    lapLastPoint.append(lapPoint)
                }
                lap = nil
            default: break
            }
        }

        mutating func text(_ text: String, offset: Int) throws(XMLProblem) {
            guard let name = path.last else { return }
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            func number() throws(XMLProblem) -> Double { try XMLProblem.number(text, in: name, at: offset) }
            if name == "Notes", parent == "Activity", !sessions.isEmpty {
                // One note per activity (a history's activities each keep their own).
                while notes.count < sessions.count { notes.append("") }
                notes[sessions.count - 1] += text
                return
            }
            if record != nil {
                switch (name, parent) {
                case ("Time", _):
                    guard let date = ISO8601.parse(text) else { throw XMLProblem("<Time>\(text)</Time> is not an ISO 8601 time such as 2024-05-01T06:30:00Z", at: offset) }
                    record?.date = date
                case ("LatitudeDegrees", _): record?.latitude = try number()
                case ("LongitudeDegrees", _): record?.longitude = try number()
                case ("AltitudeMeters", _): record?.altitude = try number()
                case ("DistanceMeters", _): record?.distance = try number()
                case ("Value", "HeartRateBpm"): record?.heartRate = try number()
                case ("Cadence", _), ("RunCadence", _): record?.cadence = try number()
                case ("Speed", _): record?.speed = try number()
                case ("Watts", _): record?.power = try number()
                default: break
                }
                return
            }
            if lap != nil {
                // A transition's totals are a lap's.
                switch (name, parent == "Transition" ? "Lap" : parent) {
                case ("TotalTimeSeconds", _): lap?.timerTime = try number()
                case ("DistanceMeters", "Lap"): lap?.distance = try number()
                case ("MaximumSpeed", "Lap"): lap?.maximumSpeed = try number()
                case ("Calories", "Lap"): lap?.calories = try number()
                case ("Value", "AverageHeartRateBpm"): lap?.averageHeartRate = try number()
                case ("Value", "MaximumHeartRateBpm"): lap?.maximumHeartRate = try number()
                case ("Cadence", "Lap"): lap?.averageCadence = try number()
                case ("AvgSpeed", _): lap?.averageSpeed = try number()
                case ("AvgWatts", _): lap?.averagePower = try number()
                case ("MaxWatts", _): lap?.maximumPower = try number()
                case ("TriggerMethod", _):
                    lap?.trigger = switch text {
                    case "Distance": .distance
                    case "Location": .position
                    case "Time": .time
                    default: .manual
                    }
                default: break
                }
                return
            }
            if path.contains("Creator") {
                switch name {
                case "Name": creator.name = text
                case "UnitId": creator.serialNumber = UInt32(text)
                case "ProductID": creator.product = UInt16(text) ?? 0
                case "VersionMajor": creator.softwareVersion = (Double(text) ?? 0) + (creator.softwareVersion ?? 0)
                case "VersionMinor": creator.softwareVersion = (creator.softwareVersion ?? 0) + (Double(text) ?? 0) / 100
                default: break
                }
            }
        }

        func activity() -> Activity {
            var laps = laps
            // Elapsed time: to the next lap's start in the session, or to a session's last lap's last point
            // (never shorter than its timer time).
            let firstLaps = Set(sessions.map(\.firstLap))
            for index in laps.indices {
                let next = index + 1 < laps.count && !firstLaps.contains(index + 1) ? laps[index + 1].start : nil
                let end = next ?? lapLastPoint[index] ?? laps[index].start
                laps[index].elapsedTime = max(laps[index].timerTime, end.timeIntervalSince(laps[index].start))
                if let distance = laps[index].distance, laps[index].averageSpeed == nil, laps[index].timerTime > 0 {
                    laps[index].averageSpeed = distance / laps[index].timerTime
                }
            }
            var sessionSummaries: [ActivitySummary] = []
            var sessionNotes: [String] = []
            for (index, session) in sessions.enumerated() {
                let end = index + 1 < sessions.count ? sessions[index + 1].firstLap : laps.count
                guard session.firstLap < end else { continue }
                sessionNotes.append(index < notes.count ? notes[index].trimmingCharacters(in: .whitespacesAndNewlines) : "")
                var summary = Activity.sum(of: Array(laps[session.firstLap..<end]))
                summary.sport = session.sport
                sessionSummaries.append(summary)
            }
            var activity = Activity(records: read.records, timerEvents: read.timers, laps: laps, sessions: sessionSummaries, creator: creator)
                .completingSummaries(sport: sessions.first?.sport ?? .generic)
            activity.sessionsAreSeparateWorkouts = standaloneActivities > 1
            // A history keeps each activity's notes for ``Activity/separated()``; one workout keeps the first.
            activity.sessionNotes = sessionNotes
            activity.notes = activity.sessionNotes.first { !$0.isEmpty }
            return activity
        }

        func emptyProblem() -> XMLLocatedProblem? {
            if !sawActivity {
                return XMLLocatedProblem(message: "the file has no <Activity> (nor a <MultiSportSession> with one): is it a TCX course or workout rather than an activity?",
                                         line: nil, column: nil)
            }
            return nil
        }
    }
}
