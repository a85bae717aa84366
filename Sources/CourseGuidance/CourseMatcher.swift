import Foundation

/// Where a rider is on a course, fix by fix: on it or not, how far along and how far to go, the next cue, and
/// when they leave it or come back, with the distance and direction back.
///
/// A pure state machine (no clock, no I/O): feed it each fix with ``match(latitude:longitude:heading:)``.
///
/// The rules, after pizero_bikecomputer's `course.py`:
/// - A fix matches a segment within ``maximumDistance`` metres of it (``relaxedDistance`` while already on
///   course, so GPS wander does not throw the rider off), whose direction is within ``maximumHeadingDifference``
///   degrees of the rider's heading when the heading is known.
/// - Segments are searched in a window: from a little behind the last match to ``searchAhead`` metres ahead of
///   it plus what the rider could have covered since, so an out-and-back's other leg, or the far side of a loop
///   that crosses itself, is not taken while the rider is on this one. Before the first match, or once off
///   course, the whole course is searched.
/// - ``offCourseFixes`` fixes in a row that match nothing take the rider off course (one alert); the next fix
///   that matches brings them back (another).
///
/// The heading check is what tells an out-and-back's two legs apart where they share a road; no grade check is
/// made (a fix's altitude is too coarse to add to it).
public struct CourseMatcher: Sendable {
    /// What happened at a fix.
    public enum Event: Sendable, Equatable {
        /// The rider left the course; `distance` metres back to it, on `bearing` degrees.
        case offCourse(distance: Double, bearing: Double)
        /// The rider is on the course again.
        case backOnCourse
    }

    /// Where the rider is after a fix.
    public struct Position: Sendable, Equatable {
        /// Whether the rider is on the course.
        public var onCourse: Bool
        /// Metres along the course of the last place matched.
        public var distanceAlong: Double
        /// Metres from there to the finish.
        public var distanceToGo: Double
        /// Off course: metres to the nearest point of the course, and the bearing to it in degrees.
        public var wayBack: (distance: Double, bearing: Double)?
        /// The next cue ahead, and the metres to it.
        public var nextCue: (cue: Course.Cue, distance: Double)?
        /// What changed at this fix, if anything.
        public var event: Event?

        public static func == (a: Position, b: Position) -> Bool {
            a.onCourse == b.onCourse && a.distanceAlong == b.distanceAlong && a.distanceToGo == b.distanceToGo && a.event == b.event
                && a.wayBack?.distance == b.wayBack?.distance && a.wayBack?.bearing == b.wayBack?.bearing
                && a.nextCue?.cue == b.nextCue?.cue && a.nextCue?.distance == b.nextCue?.distance
        }
    }

    /// Metres from a segment within which a fix matches it.
    public var maximumDistance = 50.0
    /// Metres within which a fix matches while the rider is on course.
    public var relaxedDistance = 80.0
    /// Degrees between the rider's heading and a segment's direction beyond which they do not match.
    public var maximumHeadingDifference = 60.0
    /// Metres ahead of the last match searched, besides what the rider covered since.
    public var searchAhead = 1_000.0
    /// Metres behind the last match searched (a rider who stopped and drifted back).
    public var searchBehind = 100.0
    /// Fixes in a row matching nothing that take the rider off course.
    public var offCourseFixes = 3
    /// The fastest the rider is taken to go, in metres a second, for how far ahead a fix may match after a gap.
    public var fastestSpeed = 25.0

    /// The course followed.
    public let course: Course
    private let segments: [Segment]
    private var lastSegment: Int?
    private var lastAlong = 0.0
    private var lastTime: Double?
    private var misses = 0
    private var onCourse = false

    /// A matcher for `course`, before any fix.
    public init(course: Course) {
        self.course = course
        segments = zip(course.points, course.points.dropFirst()).map(Segment.init)
    }

    /// Takes a fix at `time` seconds (any origin), with the rider's `heading` in degrees when known (nil when
    /// standing, or without a course over ground), and says where the rider is.
    public mutating func match(latitude: Double, longitude: Double, heading: Double?, at time: Double) -> Position {
        let window: Range<Int>
        if let last = lastSegment, onCourse, let since = lastTime {
            let along = segments[last].start.distance
            let ahead = along + searchAhead + fastestSpeed * max(0, time - since)
            let first = Self.firstSegment(in: segments, from: along - searchBehind)
            let end = Self.firstSegment(in: segments, from: ahead) + 1
            window = first..<min(segments.count, max(end, last + 1))
        } else {
            window = segments.indices
        }
        let limit = onCourse ? relaxedDistance : maximumDistance
        var best: (index: Int, distance: Double, fraction: Double)?
        var nearest: (distance: Double, latitude: Double, longitude: Double)?
        for index in window {
            let (distance, fraction, point) = segments[index].projection(latitude: latitude, longitude: longitude)
            if distance < (nearest?.distance ?? .infinity) { nearest = (distance, point.latitude, point.longitude) }
            guard distance <= limit else { continue }
            if let heading, Self.angle(between: heading, and: segments[index].bearing) > maximumHeadingDifference { continue }
            // The nearest that agrees; on a tie the one closest ahead of the last match.
            if best == nil || distance < best!.distance - 0.5 { best = (index, distance, fraction) }
        }
        lastTime = time
        var event: Event?
        if let best {
            misses = 0
            if !onCourse, lastSegment != nil { event = .backOnCourse }
            onCourse = true
            lastSegment = best.index
            let segment = segments[best.index]
            let along = segment.start.distance + best.fraction * (segment.end.distance - segment.start.distance)
            lastAlong = along
            return position(along: along, onCourse: true, wayBack: nil, event: event)
        }
        misses += 1
        if onCourse, misses >= offCourseFixes {
            onCourse = false
            if let nearest {
                event = .offCourse(distance: nearest.distance, bearing: Self.bearing(fromLatitude: latitude, longitude: longitude,
                                                                                         toLatitude: nearest.latitude, longitude: nearest.longitude))
            }
        }
        let along = lastAlong
        // While still counting misses the rider keeps the course; once off, the way back is the nearest point in the window searched.
        let back = onCourse ? nil : nearest.map { ($0.distance, Self.bearing(fromLatitude: latitude, longitude: longitude, toLatitude: $0.latitude, longitude: $0.longitude)) }
        return position(along: along, onCourse: onCourse, wayBack: back, event: event)
    }

    private func position(along: Double, onCourse: Bool, wayBack: (Double, Double)?, event: Event?) -> Position {
        // The first cue past here, by halving: a 300-km course's 2,000 cues cost no scan.
        var low = 0, high = course.cues.count
        while low < high {
            let middle = (low + high) / 2
            if course.cues[middle].distance > along + 0.5 { high = middle } else { low = middle + 1 }
        }
        let next = low < course.cues.count ? course.cues[low] : nil
        return Position(onCourse: onCourse, distanceAlong: along, distanceToGo: max(0, course.length - along), wayBack: wayBack,
                        nextCue: next.map { ($0, $0.distance - along) }, event: event)
    }

    /// The first segment ending past `distance` metres along the course.
    static func firstSegment(in segments: [Segment], from distance: Double) -> Int {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].end.distance < distance { low = middle + 1 } else { high = middle }
        }
        return min(low, max(0, segments.count - 1))
    }

    /// Degrees between two headings, 0 to 180.
    static func angle(between a: Double, and b: Double) -> Double {
        let difference = abs((a - b).truncatingRemainder(dividingBy: 360))
        return difference > 180 ? 360 - difference : difference
    }

    /// The initial bearing from one place to another, in degrees from north, 0 to 360: a rider's heading from
    /// their last two fixes, or the way back to the course.
    public static func bearing(fromLatitude latitude1: Double, longitude longitude1: Double, toLatitude latitude2: Double, longitude longitude2: Double) -> Double {
        let φ1 = latitude1 * .pi / 180, φ2 = latitude2 * .pi / 180, Δλ = (longitude2 - longitude1) * .pi / 180
        let y = sin(Δλ) * cos(φ2), x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// A segment between two course points, in a local plane (metres east and north of its start) where the
    /// short distances matching needs are exact to well under a metre.
    struct Segment: Sendable {
        let start: Course.Point, end: Course.Point
        let plane: LocalPlane
        let east: Double, north: Double, lengthSquared: Double
        let bearing: Double

        init(_ start: Course.Point, _ end: Course.Point) {
            self.start = start
            self.end = end
            plane = LocalPlane(latitude: (start.latitude + end.latitude) / 2)
            (east, north) = plane.offset(fromLatitude: start.latitude, longitude: start.longitude, toLatitude: end.latitude, longitude: end.longitude)
            lengthSquared = east * east + north * north
            bearing = CourseMatcher.bearing(fromLatitude: start.latitude, longitude: start.longitude, toLatitude: end.latitude, longitude: end.longitude)
        }

        /// Metres from a place to the segment, where along it (0 to 1) the nearest point is, and that point.
        func projection(latitude: Double, longitude: Double) -> (distance: Double, fraction: Double, point: (latitude: Double, longitude: Double)) {
            let (x, y) = plane.offset(fromLatitude: start.latitude, longitude: start.longitude, toLatitude: latitude, longitude: longitude)
            let fraction = lengthSquared > 0 ? max(0, min(1, (x * east + y * north) / lengthSquared)) : 0
            let dx = x - fraction * east, dy = y - fraction * north
            return ((dx * dx + dy * dy).squareRoot(), fraction,
                    (start.latitude + fraction * (end.latitude - start.latitude), start.longitude + fraction * (end.longitude - start.longitude)))
        }
    }
}
