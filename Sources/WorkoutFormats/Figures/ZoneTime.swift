/// Time spent in each training zone, of heart rate or of power.
public struct ZoneTime: Sendable, Equatable {
    /// One zone: its name, its lower bound and the seconds spent in it.
    public struct Zone: Sendable, Equatable {
        /// A zone.
        public init(name: String, lowerBound: Double, seconds: Double) {
            self.name = name
            self.lowerBound = lowerBound
            self.seconds = seconds
        }

        /// "Z1" to "Z5" (heart rate) or "Z1" to "Z7" (power).
        public var name: String
        /// The zone's lowest value, in bpm or watts.
        public var lowerBound: Double
        /// Moving seconds spent in the zone.
        public var seconds: Double
    }

    /// The zones, lowest first.
    public var zones: [Zone]

    /// Zones already counted.
    public init(zones: [Zone]) {
        self.zones = zones
    }

    /// Seconds in each zone, each record counting until the next one (at most
    /// ten seconds, so a lost sensor does not count), pauses left out.
    ///
    /// - Parameters:
    ///   - values: Heart rate or power at each of the timeline's records.
    ///   - lowerBounds: Each zone's lower bound, increasing; values below the first count in none.
    ///   - timeline: The records' times and pauses.
    public init(values: [Double?], lowerBounds: [Double], timeline: WorkoutTimeline) {
        var seconds = [Double](repeating: 0, count: lowerBounds.count)
        for index in values.indices {
            guard let value = values[index], let zone = lowerBounds.lastIndex(where: { value >= $0 }) else { continue }
            let time = timeline.elapsed[index]
            let next = index + 1 < timeline.count ? timeline.elapsed[index + 1] : time + 1
            guard !timeline.isPaused(at: time + 0.001) else { continue }
            seconds[zone] += max(0, min(next - time, 10))
        }
        zones = lowerBounds.indices.map { Zone(name: "Z\($0 + 1)", lowerBound: lowerBounds[$0], seconds: seconds[$0]) }
    }

    /// Coggan's seven power zones' lower bounds, as fractions of functional threshold power.
    public static let powerFractions = [0, 0.56, 0.76, 0.91, 1.06, 1.21, 1.51]
}
