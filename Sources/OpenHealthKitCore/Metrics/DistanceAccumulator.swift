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
/// 5. **Standing still**: with the receiver's Doppler speed, distance counts only
///    at or above ``Configuration/movingSpeed``; without it, only once the position
///    is ``Configuration/minimumStep`` from the last stored point. Jitter while
///    stopped otherwise adds hundreds of metres an hour.
///
/// Distances are geodesics on WGS 84 (``Geodesic``).
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
        /// Without Doppler speed, the smallest step from the last stored point that counts, in metres.
        public var minimumStep: Double = 10

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
            return nil
        }
        let seconds = location.timestamp.timeIntervalSince(previous.timestamp)
        guard seconds > 0 else { return nil }
        let meters = Geodesic.wgs84.distance(latitude1: previous.coordinate.latitude, longitude1: previous.coordinate.longitude,
                                             latitude2: location.coordinate.latitude, longitude2: location.coordinate.longitude)
        if meters / seconds > configuration.maximumSpeed { return nil }
        if meters > configuration.maximumStep {
            last = location
            return nil
        }
        if location.speed >= 0 {
            guard location.speed >= configuration.movingSpeed else {
                last = location
                return nil
            }
        } else if meters < configuration.minimumStep {
            return nil
        }
        total += meters
        last = location
        return Segment(meters: meters, start: previous.timestamp, end: location.timestamp)
    }
}
