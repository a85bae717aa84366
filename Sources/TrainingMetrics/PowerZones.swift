/// Coggan's seven power levels, as shares of functional threshold power (FTP).
///
/// | Level | Name | Share of FTP |
/// |---|---|---|
/// | 1 | Active recovery | up to 55 % |
/// | 2 | Endurance | above 55 %, up to 75 % |
/// | 3 | Tempo | above 75 %, up to 90 % |
/// | 4 | Threshold | above 90 %, up to 105 % |
/// | 5 | VO₂max | above 105 %, up to 120 % |
/// | 6 | Anaerobic capacity | above 120 %, up to 150 % |
/// | 7 | Neuromuscular | above 150 % |
public struct PowerZones: Sendable, Equatable, Codable {
    /// The levels' names, level 1 first.
    public static let names = ["Active recovery", "Endurance", "Tempo", "Threshold", "VO₂max", "Anaerobic", "Neuromuscular"]
    /// Each level's upper bound as a share of FTP; level 7 has none.
    public static let upperShares = [0.55, 0.75, 0.90, 1.05, 1.20, 1.50]

    /// The threshold the levels are drawn from, in watts.
    public var functionalThresholdPower: Double
    /// Seconds in each level, level 1 first (seven values).
    public var seconds: [Double]

    /// The seconds of `watts` (one value a second) in each level of `functionalThresholdPower`.
    public init(watts: [Double], functionalThresholdPower: Double) {
        self.functionalThresholdPower = functionalThresholdPower
        let bounds = Self.upperShares.map { $0 * functionalThresholdPower }
        var seconds = [Double](repeating: 0, count: Self.names.count)
        for value in watts {
            seconds[Self.level(of: value, bounds: bounds) - 1] += 1
        }
        self.seconds = seconds
    }

    /// The level (1–7) of `watts` against `functionalThresholdPower`.
    public static func level(of watts: Double, functionalThresholdPower: Double) -> Int {
        level(of: watts, bounds: upperShares.map { $0 * functionalThresholdPower })
    }

    private static func level(of watts: Double, bounds: [Double]) -> Int {
        var level = 1
        while level <= bounds.count, watts > bounds[level - 1] { level += 1 }
        return level
    }
}
