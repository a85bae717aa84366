public import Foundation
import Markup
public import WorkoutFormats

extension Course.Cue.Kind {
    /// FIT's `course_point.type` value for the kind.
    public var fitType: UInt8 {
        switch self {
        case .generic: 0
        case .summit: 1
        case .valley: 2
        case .water: 3
        case .food: 4
        case .danger: 5
        case .left: 6
        case .right: 7
        case .straight: 8
        case .firstAid: 9
        case .uTurn: 23
        }
    }

    /// The word a GPX waypoint's `type` and a TCX `PointType` use for the kind, which ``init(fileType:)`` reads back.
    public var fileWord: String {
        switch self {
        case .generic: "Generic"
        case .summit: "Summit"
        case .valley: "Valley"
        case .water: "Water"
        case .food: "Food"
        case .danger: "Danger"
        case .left: "Left"
        case .right: "Right"
        case .straight: "Straight"
        case .firstAid: "First Aid"
        case .uTurn: "U-Turn"
        }
    }
}

extension Course {
    /// Where the course is `distance` metres along it, between its points; its ends beyond them.
    public func position(at distance: Double) -> (latitude: Double, longitude: Double) {
        let (a, b, f) = segment(at: distance)
        return (a.latitude + (b.latitude - a.latitude) * f, a.longitude + (b.longitude - a.longitude) * f)
    }

    /// The points either side of `distance` metres along (held at the ends) and how far from the first to the
    /// second it lies, 0…1: the one lookup ``position(at:)`` and ``altitude(at:)`` share.
    private func segment(at distance: Double) -> (a: Point, b: Point, fraction: Double) {
        let along = min(max(distance, 0), length)
        // The first point at or past the distance, by halving.
        var low = 0, high = points.count - 1
        while low < high {
            let middle = (low + high) / 2
            if points[middle].distance < along { low = middle + 1 } else { high = middle }
        }
        let b = points[low], a = points[max(low - 1, 0)]
        let span = b.distance - a.distance
        return (a, b, span > 0 ? (along - a.distance) / span : 0)
    }

    /// The course's altitude `distance` metres along it, between its points; nil where its points have none.
    public func altitude(at distance: Double) -> Double? {
        let (a, b, f) = segment(at: distance)
        guard let top = b.altitude else { return nil }
        guard let bottom = a.altitude, b.distance > a.distance else { return top }
        return bottom + (top - bottom) * f
    }

    /// The road's grade, %, `distance` metres along the course: the climb over `window` metres centred there (held
    /// inside the course near its ends), so one noisy altitude does not tip a trainer's resistance; nil where the
    /// course has no altitudes.
    public func grade(at distance: Double, over window: Double = 100) -> Double? {
        guard length > 0, window > 0 else { return nil }
        let span = min(window, length)
        let start = min(max(distance - span / 2, 0), length - span)
        guard let low = altitude(at: start), let high = altitude(at: start + span) else { return nil }
        return (high - low) / span * 100
    }

    /// The course as a FIT course file (records with their distances, each cue a `course_point` of FIT's type at its
    /// place), timed as a ride at `speed` from `start`; Garmin's devices and SDK read it.
    public func fitData(start: Date, sport: ActivitySport = .cycling, speed: Double = 25 / 3.6) -> Data {
        CoursePlan.fitCourseData(
            name: name ?? "Course", sport: sport,
            points: points.map { ($0.latitude, $0.longitude, $0.altitude, $0.distance) },
            cues: cues.map { cue in
                let place = position(at: cue.distance)
                return (place.latitude, place.longitude, cue.distance, cue.kind.fitType, cue.name)
            },
            start: start, speed: speed)
    }

    /// The course as a GPX 1.1 file: a track of its points with their altitudes, and a waypoint for each cue with
    /// its name and kind (`<type>`), which ``CoursePlan/read(_:maximumPoints:)`` reads back.
    public var gpxText: String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="OpenHealthKit" xmlns="http://www.topografix.com/GPX/1/1">

            """
        if let name { text += "  <metadata><name>\(XMLText.escaped(name))</name></metadata>\n" }
        for cue in cues {
            let place = position(at: cue.distance)
            text += String(format: "  <wpt lat=\"%.7f\" lon=\"%.7f\">", place.latitude, place.longitude)
            text += (cue.name.map { "<name>\(XMLText.escaped($0))</name>" } ?? "") + "<type>\(cue.kind.fileWord)</type></wpt>\n"
        }
        text += "  <trk>" + (name.map { "<name>\(XMLText.escaped($0))</name>" } ?? "") + "<trkseg>\n"
        for point in points {
            text += String(format: "    <trkpt lat=\"%.7f\" lon=\"%.7f\">", point.latitude, point.longitude)
            if let altitude = point.altitude { text += String(format: "<ele>%.1f</ele>", altitude) }
            text += "</trkpt>\n"
        }
        return text + "  </trkseg></trk>\n</gpx>\n"
    }
}

/// Why a course file could not be read: the file and what is wrong, with its line and column or byte offset.
public struct CourseFileError: Error, Sendable, CustomStringConvertible {
    /// The file's path, as it was given.
    public var path: String
    /// What is wrong, where.
    public var message: String

    /// `path: message` (the message alone when it names the file already, as the activity readers' do).
    public var description: String { message.contains(path) ? message : "\(path): \(message)" }
}

extension Course {
    /// The course a file draws: a GPX, TCX or FIT course with its waypoints or course points as cues (no times
    /// needed), else any activity file's track (FIT, TCX or GPX, by ``ActivityFile``).
    ///
    /// - Throws: ``CourseFileError`` saying what is wrong and where.
    public init(contentsOf url: URL) throws(CourseFileError) {
        let path = url.relativePath
        let kind = url.pathExtension.lowercased()
        if ["gpx", "tcx", "fit"].contains(kind) {
            guard let data = FileManager.default.contents(atPath: url.path) else { throw CourseFileError(path: path, message: "no such file, or it cannot be read") }
            var plan: CoursePlan?
            if kind == "fit" {
                do { plan = try CoursePlan.readFIT(data) } catch { throw CourseFileError(path: path, message: "\(error)") }
            } else {
                switch CoursePlan.read(data) {
                case .success(let read): plan = read
                case .failure(let problem): throw CourseFileError(path: path, message: problem.description)
                }
            }
            if let plan {
                guard let course = Course(plan: plan) else { throw CourseFileError(path: path, message: "the course's points are all at one place") }
                self = course
                return
            }
        }
        let activity: Activity
        do { activity = try ActivityFile.read(url) } catch { throw CourseFileError(path: path, message: "\(error)") }
        guard let course = Course(activity: activity) else {
            throw CourseFileError(path: path, message: "the file holds fewer than two positions, so it draws no course; give a track (GPX <trk>, or a TCX or FIT with positions)")
        }
        self = course
    }
}
