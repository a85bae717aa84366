public import Foundation

/// Reads GPX 1.0 and 1.1 tracks into an ``Activity``.
///
/// Every `trkpt` with a time becomes a record: position, `ele`, and from any
/// extension (Garmin's TrackPointExtension v1 or v2, whatever namespace the
/// file declares for it, or plain `heartrate`/`cadence`/`power`/`speed`
/// elements) heart rate, cadence, power and speed. A new `trkseg` after the
/// first is a pause from the previous segment's last point to its first.
/// A GPX file has no laps or totals: one session is computed from the points.
public enum GPXReader {
    /// What was read within `limits`, and the problem that stopped reading, if any.
    public static func read(_ data: Data, limits: ActivityFileLimits = .standard) -> (activity: Activity, problem: XMLLocatedProblem?) {
        XMLLocatedProblem.read(data, with: Handler(read: ActivityXMLRecords(limits: limits)))
    }

    private struct Handler: ActivityXMLHandler {
        var read: ActivityXMLRecords
        var sport: ActivitySport = .generic
        var creator = ActivityCreator(name: "unknown device", manufacturer: 0)
        var elevationSource = ActivityElevationSource.unknown
        var point: (latitude: Double, longitude: Double)?
        var record = ActivityRecord(date: .distantPast)
        var hasTime = false
        var path: [String] = []
        var segmentCount = 0
        var segmentStartIndex = 0
        var pointsWithoutTime = 0
        var title: String?
        var fileTitle: String?
        var notes: String?

        mutating func startElement(_ name: String, attributes: [(name: String, value: String)], offset: Int) throws(XMLProblem) {
            if name == "trkpt", read.records.count >= read.limits.maximumRecords { throw XMLProblem(read.limits.tooManyRecords, at: offset) }
            path.append(name)
            switch name {
            case "gpx":
                if let value = attributes.first(where: { $0.name == "creator" })?.value, !value.isEmpty {
                    if value.contains(" with barometer") { elevationSource = .barometer }
                    // "Urban Biker - with barometer" names the app, then how it measured altitude.
                    let name = value.replacingOccurrences(of: "with barometer", with: "").trimmingCharacters(in: .whitespaces)
                    creator.name = name.hasSuffix(" -") ? String(name.dropLast(2)) : name
                }
            case "trkseg":
                segmentCount += 1
                segmentStartIndex = read.records.count
            case "trkpt":
                guard let lat = attributes.first(where: { $0.name == "lat" })?.value, let lon = attributes.first(where: { $0.name == "lon" })?.value else {
                    throw XMLProblem("a trkpt needs lat and lon attributes", at: offset)
                }
                guard let latitude = Double(lat), let longitude = Double(lon), abs(latitude) <= 90, abs(longitude) <= 180 else {
                    throw XMLProblem("trkpt lat=\"\(lat)\" lon=\"\(lon)\" is not a position (latitude −90…90, longitude −180…180)", at: offset)
                }
                point = (latitude, longitude)
                record = ActivityRecord(date: .distantPast, latitude: latitude, longitude: longitude)
                hasTime = false
            default: break
            }
        }

        mutating func endElement(_ name: String) throws(XMLProblem) {
            path.removeLast()
            guard name == "trkpt", point != nil else { return }
            point = nil
            guard hasTime else {
                pointsWithoutTime += 1
                return
            }
            if read.records.count == segmentStartIndex, segmentCount > 1, let previous = read.records.last {
                // The first point of a later segment: the gap was a pause.
                read.timers.append(ActivityTimerEvent(.stop, at: previous.date))
                read.timers.append(ActivityTimerEvent(.start, at: record.date))
            }
            read.records.append(record)
        }

        mutating func text(_ text: String, offset: Int) throws(XMLProblem) {
            guard let name = path.last else { return }
            if point == nil {
                let parent = path.count >= 2 ? path[path.count - 2] : ""
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                switch (parent, name) {
                case ("trk", "type"): if let named = ActivitySport(name: text) { sport = named }
                // The track's own name wins over the file's.
                case ("trk", "name") where !trimmed.isEmpty: title = (title ?? "") + trimmed
                case ("metadata", "name") where !trimmed.isEmpty && title == nil: fileTitle = (fileTitle ?? "") + trimmed
                case ("trk", "desc") where !trimmed.isEmpty: notes = (notes ?? "") + trimmed
                default: break
                }
                return
            }
            func number() throws(XMLProblem) -> Double { try XMLProblem.number(text, in: name, at: offset) }
            switch name {
            case "time":
                guard let date = ISO8601.parse(text) else {
                    throw XMLProblem("<time>\(text)</time> is not an ISO 8601 time such as 2024-05-01T06:30:00Z", at: offset)
                }
                record.date = date
                hasTime = true
            case "ele": record.altitude = try number()
            case "hr", "heartrate", "HeartRateBpm": record.heartRate = try number()
            case "cad", "cadence", "RunCadence": record.cadence = try number()
            case "power", "PowerInWatts", "watts": record.power = try number()
            case "speed": record.speed = try number()
            case "atemp": record.temperature = try number()
            default: break
            }
        }

        func activity() -> Activity {
            var activity = Activity(records: read.records, timerEvents: read.timers, creator: creator).completingSummaries(sport: sport)
            activity.elevationSource = elevationSource
            activity.name = title ?? fileTitle
            activity.notes = notes
            return activity
        }

        func emptyProblem() -> XMLLocatedProblem? {
            guard read.records.isEmpty else { return nil }
            let message = pointsWithoutTime > 0
                ? "none of the \(pointsWithoutTime) track points has a <time>: this is a route, not a recorded activity"
                : "the file has no track points (<trkpt>)"
            return XMLLocatedProblem(message: message, line: nil, column: nil)
        }
    }
}

