/// One quantity drawn as a chart: its values at each record and how to show them.
struct ChartSeries {
    /// A short key, stable for scripts and tests: `heartRate`, `speed`, `pace`, `elevation`, `power`, `cadence`.
    var key: String
    /// The chart's title, e.g. "Heart rate".
    var title: String
    /// The values' unit, e.g. "bpm".
    var unit: String
    /// The line's colour (a CSS colour).
    var colour: String
    /// The value at each of the timeline's records, in the unit shown.
    var values: [Double?]
    /// Draw larger values lower (pace: faster is up).
    var inverted = false
    /// How many decimals the hover readout shows.
    var decimals = 0
    /// Shaded bands behind the line: (name, lower, upper) in the unit shown.
    var bands: [(name: String, lower: Double, upper: Double)] = []
}

/// What a chart is drawn against.
enum ChartAxis: String {
    case time
    case distance
}
