public import Foundation
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
