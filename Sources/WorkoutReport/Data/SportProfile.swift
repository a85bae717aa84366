public import WorkoutFormats

/// What a report measures for a sport, in its units: how long a split is, whether speed reads as a pace
/// and per what distance, and which best efforts count. A ride splits every 5 km and looks for its fastest
/// 10, 20 and 40 km; a run splits by the kilometre and looks for 5 km, 10 km, the half and the marathon; a
/// swim splits and paces by 100 m; a row paces by 500 m.
public struct SportProfile: Sendable, Equatable {
    /// A fastest-distance effort: its length and its name.
    public struct Distance: Sendable, Equatable {
        /// Metres.
        public var meters: Double
        /// Its name: `10 km`, `1 mi`, `Half marathon`.
        public var name: String
    }

    /// The sport.
    public let sport: ActivitySport
    /// The units.
    public let units: ReportUnits
    /// Metres in one split.
    public let splitMeters: Double
    /// The split's name in a caption: `kilometre`, `5 km`, `100 m`, `mile`.
    public let splitName: String
    /// Whether speed reads as a pace (time per distance) rather than a speed.
    public let showsPace: Bool
    /// The distance a pace is given per, in metres.
    public let paceMeters: Double
    /// That distance's symbol after a slash: `km`, `mi`, `100 m`, `500 m`, `100 yd`.
    public let paceSymbol: String
    /// Whether the sport is on foot: cadence is then in steps per minute.
    public let onFoot: Bool
    /// The fastest-distance efforts looked for.
    public let distances: [Distance]
    /// The best-power efforts looked for, in seconds.
    public let powerSeconds: [Int]

    /// The profile of `sport` in `units`, its splits every `splitLength` metres when given.
    public init(sport: ActivitySport, units: ReportUnits, splitLength: Double? = nil) {
        self.sport = sport
        self.units = units
        let metric = units == .metric
        let mile = 1_609.344, yard = 0.9144
        func kilometres(_ value: Double) -> Distance { Distance(meters: value * 1_000, name: "\(ReportText.number(value)) km") }
        func miles(_ value: Double) -> Distance { Distance(meters: value * mile, name: "\(ReportText.number(value)) mi") }
        func metres(_ value: Double) -> Distance { Distance(meters: value, name: "\(ReportText.number(value, decimals: 0)) m") }
        func yards(_ value: Double) -> Distance { Distance(meters: value * yard, name: "\(ReportText.number(value, decimals: 0)) yd") }
        var split: Distance
        switch sport {
        case .cycling:
            split = metric ? kilometres(5) : miles(5)
            showsPace = false
            paceMeters = units.splitMeters
            paceSymbol = units.distanceSymbol
            distances = metric ? [10, 20, 40, 100].map(kilometres) : [10, 25, 50, 100].map(miles)
            powerSeconds = [5, 30, 60, 300, 600, 1_200, 3_600]
        case .running, .walking, .hiking:
            split = metric ? kilometres(1) : miles(1)
            showsPace = true
            paceMeters = units.splitMeters
            paceSymbol = units.distanceSymbol
            distances = [metric ? kilometres(1) : miles(1), kilometres(5), kilometres(10), Distance(meters: 21_097.5, name: "Half marathon"),
                         Distance(meters: 42_195, name: "Marathon")]
            powerSeconds = [5, 60, 300, 1_200, 3_600]
        case .swimming:
            split = metric ? metres(100) : yards(100)
            showsPace = true
            paceMeters = split.meters
            paceSymbol = split.name
            distances = metric ? [100, 200, 400, 800, 1_500].map(metres) : [100, 500, 1_000, 1_650].map(yards)
            powerSeconds = []
        case .rowing:
            split = metres(500)
            showsPace = true
            paceMeters = 500
            paceSymbol = "500 m"
            distances = [500, 2_000, 5_000, 10_000].map(metres)
            powerSeconds = [5, 60, 300, 1_200, 3_600]
        case .transition:
            split = metric ? kilometres(1) : miles(1)
            showsPace = false
            paceMeters = units.splitMeters
            paceSymbol = units.distanceSymbol
            distances = []
            powerSeconds = []
        case .generic, .crossCountrySkiing, .training:
            split = metric ? kilometres(1) : miles(1)
            showsPace = false
            paceMeters = units.splitMeters
            paceSymbol = units.distanceSymbol
            distances = [split, kilometres(5), kilometres(10)]
            powerSeconds = [5, 60, 300, 1_200, 3_600]
        }
        onFoot = [.running, .walking, .hiking].contains(sport)
        if let splitLength, splitLength > 0 {
            split = Distance(meters: splitLength, name: Self.name(of: splitLength, units: units))
        }
        splitMeters = split.meters
        // "Splits per kilometre" and "per mile" read better than "per 1 km".
        splitName = split.name == "1 km" ? "kilometre" : split.name == "1 mi" ? "mile" : split.name
    }

    /// A split length's name in `units`: whole miles or kilometres where it is one, else metres or yards.
    static func name(of meters: Double, units: ReportUnits) -> String {
        if units == .imperial {
            let miles = meters / 1_609.344
            if abs(miles - miles.rounded()) < 0.001, miles >= 1 { return "\(Int(miles.rounded())) mi" }
            return "\(Int((meters / 0.9144).rounded())) yd"
        }
        if meters >= 1_000, abs(meters / 1_000 - (meters / 1_000 * 10).rounded() / 10) < 0.000_1 { return "\(ReportText.number(meters / 1_000)) km" }
        return "\(Int(meters.rounded())) m"
    }

    /// A best-power duration's name: `5 s`, `20 min`.
    public static func durationName(seconds: Double) -> String {
        seconds < 60 ? "\(Int(seconds)) s" : "\(Int(seconds / 60)) min"
    }

    /// A speed as this sport reads it: a pace (`4:30`, per ``paceSymbol``) or a speed in km/h or mph; "–" when standing.
    public func speedText(_ metersPerSecond: Double?) -> String {
        guard let metersPerSecond, metersPerSecond > 0.05 else { return "–" }
        return showsPace ? WorkoutFigures.clock(paceMeters / metersPerSecond) : ReportText.number(units.speed(metersPerSecond))
    }

    /// The speed column's or figure's unit: `/km`, `/100 m`, `km/h`.
    public var speedUnit: String { showsPace ? "/\(paceSymbol)" : units.speedSymbol }
}
