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
    /// Whether the values are minutes, labelled `m:ss` (a pace), not decimals.
    var clock = false
    /// Whether the axis spans the values' 2nd to 98th percentile rather than all of them: a pace's few
    /// standing-still seconds would otherwise stretch it to half an hour and flatten the run.
    var robust = false

    /// `values` as the mean of each one and those of the `seconds` before it (`elapsed` gives each one's
    /// time), nil ones left out: a cadence drawn as a line rather than a band of every reading.
    static func smoothed(_ values: [Double?], elapsed: [Double], over seconds: Double) -> [Double?] {
        var smoothed = [Double?](repeating: nil, count: values.count)
        var first = 0, sum = 0.0, count = 0
        for index in values.indices {
            if let value = values[index] {
                sum += value
                count += 1
            }
            while elapsed[first] < elapsed[index] - seconds {
                if let value = values[first] {
                    sum -= value
                    count -= 1
                }
                first += 1
            }
            if values[index] != nil, count > 0 { smoothed[index] = sum / Double(count) }
        }
        return smoothed
    }
}

/// What a chart is drawn against.
enum ChartAxis: String {
    case time
    case distance
}
