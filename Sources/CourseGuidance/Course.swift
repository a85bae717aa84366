import Foundation
public import WorkoutFormats
import HealthKitModel

/// A planned route to follow: its points with the distance along it, their altitudes where known, and its cues
/// (turns, summits, water, food, danger) at their distances.
///
/// Distances are geodesic on WGS 84 between consecutive points, as the figures measure a ride's track.
public struct Course: Sendable, Equatable {
    /// A point of the course.
    public struct Point: Sendable, Equatable {
        /// Degrees north.
        public var latitude: Double
        /// Degrees east.
        public var longitude: Double
        /// Metres above sea level, if known.
        public var altitude: Double?
        /// Metres along the course from its start.
        public var distance: Double

        /// A point `distance` metres along the course.
        public init(latitude: Double, longitude: Double, altitude: Double? = nil, distance: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.altitude = altitude
            self.distance = distance
        }
    }

    /// Something the rider is told of at a place on the course.
    public struct Cue: Sendable, Equatable {
        /// What it is.
        public enum Kind: String, Sendable, CaseIterable {
            case left, right, straight, uTurn, summit, valley, water, food, danger, firstAid, generic
        }
        /// What it is.
        public var kind: Kind
        /// Metres along the course.
        public var distance: Double
        /// Its name or words, if any ("Col du Galibier", "Turn left onto Rue Royale").
        public var name: String?

        /// A cue of `kind` at `distance` metres.
        public init(kind: Kind, distance: Double, name: String? = nil) {
            self.kind = kind
            self.distance = distance
            self.name = name
        }
    }

    /// Its name, if it has one.
    public var name: String?
    /// Its points, in order, at least two.
    public let points: [Point]
    /// Its cues, by distance.
    public let cues: [Cue]

    /// Metres from start to finish.
    public var length: Double { points.last?.distance ?? 0 }

    /// A course through `positions` (latitude, longitude, altitude), their distances measured along them, with
    /// `cues` (sorted by distance); nil for fewer than two distinct positions. Repeated positions are dropped.
    public init?(name: String? = nil, positions: [(latitude: Double, longitude: Double, altitude: Double?)], cues: [Cue] = []) {
        var points: [Point] = []
        points.reserveCapacity(positions.count)
        var distance = 0.0
        for position in positions where position.latitude.isFinite && position.longitude.isFinite
            && abs(position.latitude) <= 90 && abs(position.longitude) <= 180 {
            if let last = points.last {
                let step = Geodesic.wgs84.distance(latitude1: last.latitude, longitude1: last.longitude, latitude2: position.latitude, longitude2: position.longitude)
                guard step.isFinite, step > 0.01 else { continue }
                distance += step
            }
            points.append(Point(latitude: position.latitude, longitude: position.longitude, altitude: position.altitude.flatMap { $0.isFinite ? $0 : nil },
                                distance: distance))
        }
        guard points.count >= 2 else { return nil }
        self.name = name
        self.points = points
        self.cues = cues.filter { $0.distance.isFinite }.sorted { $0.distance < $1.distance }
    }

    /// The course an activity file's track draws (a GPX track, a TCX or FIT activity), with `cues`; nil when the
    /// file has fewer than two positions.
    public init?(activity: Activity, cues: [Cue] = []) {
        let positions = activity.records.sorted { $0.date < $1.date }.compactMap { record -> (latitude: Double, longitude: Double, altitude: Double?)? in
            guard let latitude = record.latitude, let longitude = record.longitude else { return nil }
            return (latitude, longitude, record.altitude)
        }
        self.init(name: activity.name, positions: positions, cues: cues)
    }
}

extension Course {
    /// The course a course file's plan draws (``CoursePlan``), each named place a cue at the distance of the
    /// course's point nearest it. Where the course passes a place more than once (an out-and-back's two legs, a loop
    /// through the same crossroads), each pass within `cueReach` metres is a candidate, and the place goes to the first
    /// pass at or after the cue before it (files list their places in the order ridden), else to the nearest pass.
    /// Places farther than `cueReach` metres from the course are left out. Nil when the plan has fewer than two
    /// distinct points.
    public init?(plan: CoursePlan, cueReach: Double = 100) {
        guard let drawn = Course(name: plan.name, positions: plan.points) else { return nil }
        // The points in cells of about a kilometre, so each place looks among a few dozen, not all of them.
        let cell = 0.01
        func key(_ latitude: Double, _ longitude: Double) -> Int64 { Int64((latitude / cell).rounded(.down)) << 32 | (Int64((longitude / cell).rounded(.down)) & 0xFFFF_FFFF) }
        var cells: [Int64: [Int]] = [:]
        for (index, point) in drawn.points.enumerated() { cells[key(point.latitude, point.longitude), default: []].append(index) }
        var cues: [Cue] = []
        for place in plan.places {
            let plane = LocalPlane(latitude: place.latitude)
            var near: [(index: Int, metres: Double)] = []
            // The cells around the place, each once (two offsets can round to one cell).
            var around = Set<Int64>()
            for dLatitude in -1...1 {
                for dLongitude in -1...1 { around.insert(key(place.latitude + Double(dLatitude) * cell, place.longitude + Double(dLongitude) * cell)) }
            }
            for cellKey in around {
                for index in cells[cellKey] ?? [] {
                    let point = drawn.points[index]
                    let metres = plane.distance(fromLatitude: place.latitude, longitude: place.longitude, toLatitude: point.latitude, longitude: point.longitude)
                    if metres <= cueReach { near.append((index, metres)) }
                }
            }
            // Each pass is a run of consecutive points within reach; its nearest point (the first of equals) stands for it.
            near.sort { $0.index < $1.index }
            var passes: [(index: Int, metres: Double)] = []
            var previousIndex = Int.min
            for candidate in near {
                if candidate.index == previousIndex + 1, let last = passes.last {
                    if candidate.metres < last.metres { passes[passes.count - 1] = candidate }
                } else {
                    passes.append(candidate)
                }
                previousIndex = candidate.index
            }
            let after = cues.last.map { cue in passes.first { drawn.points[$0.index].distance >= cue.distance } } ?? nil
            guard let chosen = after ?? passes.min(by: { $0.metres < $1.metres }) else { continue }
            cues.append(Cue(kind: Cue.Kind(fileType: place.type), distance: drawn.points[chosen.index].distance, name: place.name))
        }
        self.init(name: plan.name, positions: plan.points, cues: cues)
    }
}

extension Course.Cue.Kind {
    /// The kind a file's words name (TCX PointType, GPX type or sym, any case): generic for anything else.
    public init(fileType text: String?) {
        let words = (text ?? "").lowercased().replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        if words.contains("u turn") || words.contains("uturn") { self = .uTurn }
        else if words.contains("left") { self = .left }
        else if words.contains("right") { self = .right }
        else if words.contains("straight") { self = .straight }
        else if words.contains("summit") || words.contains("peak") { self = .summit }
        else if words.contains("valley") { self = .valley }
        else if words.contains("water") { self = .water }
        else if words.contains("food") || words.contains("restaurant") || words.contains("cafe") { self = .food }
        else if words.contains("danger") { self = .danger }
        else if words.contains("first aid") || words.contains("firstaid") || words.contains("medical") { self = .firstAid }
        else { self = .generic }
    }
}
