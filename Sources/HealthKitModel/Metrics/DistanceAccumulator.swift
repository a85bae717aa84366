public import Foundation

/// Distance along a recorded route, robust to the ways GPS goes wrong.
///
/// Each fix passes these gates, in order (thresholds from the peers' notes):
/// 1. **Quality**: fixes with an invalid (negative) or worse than
///    ``Configuration/maximumHorizontalAccuracy`` accuracy are dropped.
/// 2. **Order**: fixes not later than the last accepted one are dropped.
/// 3. **Outliers**: a fix implying more than ``Configuration/maximumSpeed`` from
///    the last accepted one is dropped, and the route goes on from the earlier fix.
/// 4. **Gaps**: a step longer than ``Configuration/maximumStep`` (a tunnel, a
///    lost fix) starts a new stretch without adding distance.
/// 5. **Standing still**, with the receiver's Doppler speed: the accumulator is
///    either *still* or *moving*. While still, nothing counts until the positions
///    show movement: ``Configuration/consistentFixes`` fixes in a row farther
///    from the point where the receiver stopped (the anchor) than
///    ``Configuration/minimumStep`` when the Doppler speed says moving, or than
///    both fixes' accuracy circles (at least `minimumStep`) when it says still.
///    The way from the anchor then counts as one stretch, so nothing is lost. A
///    Doppler speed of ``Configuration/confidentSpeed`` or more counts at once
///    (below it, a stationary receiver's speed can be noise). While still for
///    longer than ``Configuration/anchorWindow`` without such a displacement, the
///    anchor moves to the latest fix, so a slowly
///    wandering stationary fix never adds up. While moving, a step counts when
///    the Doppler speed is at least ``Configuration/movingSpeed``; otherwise the
///    accumulator is still again, unless the receiver's speed has contradicted
///    its positions (it read still when the positions showed movement, and has
///    not read moving since): then a step counts while the positions over the
///    last ``Configuration/displacementWindow`` advanced at `movingSpeed` or
///    faster. A receiver whose speed field reads 0 while its fixes advance
///    steadily (seen on real receivers) so records the distance of its fixes.
///    Without a Doppler speed, a step counts once the position is
///    ``Configuration/minimumStep`` from the last stored point. Jitter while
///    stopped otherwise adds hundreds of metres an hour.
///
/// Distances are on WGS 84: each step on the ellipsoid's local radii, within a micrometre of the
/// geodesic (``Geodesic/stepDistance(latitude1:longitude1:latitude2:longitude2:)``), and longer
/// ones the geodesic itself (``Geodesic``).
public struct DistanceAccumulator: Sendable {
    /// Thresholds for the gates.
    public struct Configuration: Hashable, Sendable {
        /// Worst acceptable horizontal accuracy, in metres (OpenTracks uses 50).
        public var maximumHorizontalAccuracy: Double = 50
        /// Longest step counted as travelled, in metres (OpenTracks uses 200).
        public var maximumStep: Double = 200
        /// Fastest plausible speed between fixes, in m/s.
        public var maximumSpeed: Double = 100
        /// Doppler speed at or above which the athlete is moving, in m/s.
        public var movingSpeed: Double = 0.5
        /// Without Doppler speed, the smallest step from the last stored point that counts, in metres;
        /// with it, the least displacement from the anchor that shows movement.
        public var minimumStep: Double = 10
        /// Doppler speed trusted at once, in m/s: below it a stationary receiver's speed can be noise
        /// (up to 0.8 m/s in gpsd's ublox-glo capture), so movement must show in the positions.
        public var confidentSpeed: Double = 1
        /// Seconds a still receiver's anchor is kept before it moves to the latest fix.
        public var anchorWindow: Double = 20
        /// Fixes in a row that must lie beyond the anchor's radius before a still receiver is moving.
        public var consistentFixes = 3
        /// Seconds over which a moving receiver's positions must advance at ``movingSpeed``
        /// when its Doppler speed says it stopped.
        public var displacementWindow: Double = 10

        /// The defaults described above.
        public init() {}
    }

    /// One counted stretch between two stored fixes.
    public struct Segment: Hashable, Sendable {
        /// Metres travelled.
        public var meters: Double
        /// When the stretch began.
        public var start: Date
        /// When it ended.
        public var end: Date
    }

    /// The gates' thresholds.
    public let configuration: Configuration
    /// Metres counted so far.
    public private(set) var total: Double = 0
    private var last: CLLocation?
    /// Where the receiver was last judged still; `nil` while moving.
    private var anchor: CLLocation?
    /// How many fixes in a row have been beyond the anchor's radius.
    private var beyond = 0
    /// The time of the fix before the first of those.
    private var movingSince: Date?
    /// The fixes of the last ``Configuration/displacementWindow`` seconds, while moving.
    private var recent: [CLLocation] = []
    /// Whether the receiver's Doppler speed said still while its positions showed movement: until it
    /// says moving again, the positions decide when it stops.
    private var speedContradicted = false

    /// An accumulator with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Feeds a fix; returns the stretch it completes, if it adds distance.
    public mutating func add(_ location: CLLocation) -> Segment? {
        guard location.horizontalAccuracy >= 0, location.horizontalAccuracy <= configuration.maximumHorizontalAccuracy,
              CLLocationCoordinate2DIsValid(location.coordinate), location.coordinate.latitude.isFinite, location.coordinate.longitude.isFinite
        else { return nil }
        guard let previous = last else {
            last = location
            anchor = location
            return nil
        }
        let seconds = location.timestamp.timeIntervalSince(previous.timestamp)
        guard seconds > 0 else { return nil }
        let meters = Geodesic.wgs84.stepDistance(latitude1: previous.coordinate.latitude, longitude1: previous.coordinate.longitude,
                                             latitude2: location.coordinate.latitude, longitude2: location.coordinate.longitude)
        if meters / seconds > configuration.maximumSpeed { return nil }
        if meters > configuration.maximumStep {
            last = location
            stop(at: location)
            return nil
        }
        guard location.speed >= 0 else {
            guard meters >= configuration.minimumStep else { return nil }
            return count(meters, from: previous.timestamp, to: location)
        }
        last = location
        if let still = anchor {
            let moved = displacement(from: still, to: location)
            if moved > radius(from: still, to: location) {
                if beyond == 0 { movingSince = previous.timestamp }
                beyond += 1
            } else {
                beyond = 0
            }
            if location.speed >= configuration.confidentSpeed || beyond >= configuration.consistentFixes {
                if location.speed < configuration.movingSpeed { speedContradicted = true }
                // The stretch is dated from when the movement showed (the fix before the first beyond the radius, or
                // the last fix), not from the anchor: a recorder paused while still would otherwise mask most of it.
                let start = beyond >= configuration.consistentFixes ? movingSince ?? previous.timestamp : previous.timestamp
                anchor = nil
                beyond = 0
                recent = [location]
                return count(moved, from: start, to: location)
            }
            if location.timestamp.timeIntervalSince(still.timestamp) > configuration.anchorWindow { stop(at: location) }
            return nil
        }
        recent.append(location)
        // The fixes are in time order, so those older than the window are a prefix: dropped without moving the rest one by one.
        if let kept = recent.firstIndex(where: { location.timestamp.timeIntervalSince($0.timestamp) <= configuration.displacementWindow }), kept > 0 {
            recent.removeFirst(kept)
        }
        if location.speed >= configuration.movingSpeed {
            speedContradicted = false
            return count(meters, from: previous.timestamp, to: location)
        }
        if speedContradicted, advancing(to: location) { return count(meters, from: previous.timestamp, to: location) }
        stop(at: location)
        return nil
    }

    /// Adds `meters` travelled from `start` to `location`.
    private mutating func count(_ meters: Double, from start: Date, to location: CLLocation) -> Segment? {
        last = location
        guard meters > 0 else { return nil }
        total += meters
        return Segment(meters: meters, start: start, end: location.timestamp)
    }

    /// Judges the receiver still at `location`: movement is measured from it.
    private mutating func stop(at location: CLLocation) {
        anchor = location
        beyond = 0
        recent = []
    }

    /// The displacement from `anchor` beyond which a still receiver has moved: past both fixes' accuracy
    /// circles when its Doppler speed says still, else ``Configuration/minimumStep`` (never less).
    private func radius(from anchor: CLLocation, to location: CLLocation) -> Double {
        location.speed >= configuration.movingSpeed
            ? configuration.minimumStep : max(configuration.minimumStep, anchor.horizontalAccuracy + location.horizontalAccuracy)
    }

    /// Whether the positions over the window advanced at ``Configuration/movingSpeed`` or faster.
    private func advancing(to location: CLLocation) -> Bool {
        guard let first = recent.first else { return false }
        let seconds = location.timestamp.timeIntervalSince(first.timestamp)
        guard seconds > 0 else { return false }
        return displacement(from: first, to: location) >= configuration.movingSpeed * seconds
    }

    private func displacement(from a: CLLocation, to b: CLLocation) -> Double {
        Geodesic.wgs84.stepDistance(latitude1: a.coordinate.latitude, longitude1: a.coordinate.longitude,
                                latitude2: b.coordinate.latitude, longitude2: b.coordinate.longitude)
    }
}
