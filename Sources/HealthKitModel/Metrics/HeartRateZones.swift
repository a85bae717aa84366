/// Five heart-rate zones at 50, 60, 70, 80 and 90 % of a reference, as
/// OpenTracks and most bike computers draw them.
///
/// By default the reference is maximum heart rate (profile or Tanaka,
/// 208 − 0.7 × age); ``HeartRateZoneChoice`` picks the athlete's model and
/// its figures, the one rule every surface follows.
public struct HeartRateZones: Hashable, Sendable, Codable {
    /// The lower bound of zones 1 to 5, in bpm.
    public let lowerBounds: [Double]

    /// Zones from explicit lower bounds (five increasing values).
    public init(lowerBounds: [Double]) {
        precondition(lowerBounds.count == 5 && zip(lowerBounds, lowerBounds.dropFirst()).allSatisfy { $0 < $1 },
                     "Heart-rate zones need five increasing lower bounds")
        self.lowerBounds = lowerBounds
    }

    package static let fractions = [0.5, 0.6, 0.7, 0.8, 0.9]

    /// Zones at 50, 60, 70, 80 and 90 % of the heart-rate reserve above
    /// `resting` (Karvonen), or of `maximum` itself when `resting` is 0.
    public init(maximum: Double, resting: Double = 0) {
        self.init(lowerBounds: Self.fractions.map { resting + $0 * (maximum - resting) })
    }

    /// The zone (1 to 5) of `heartRate`, or 0 below zone 1.
    public func zone(of heartRate: Double) -> Int {
        lowerBounds.lastIndex { heartRate >= $0 }.map { $0 + 1 } ?? 0
    }
}
