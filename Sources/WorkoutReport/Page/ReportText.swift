import WorkoutFormats
/// How a report writes numbers, times and text into HTML and SVG.
enum ReportText {
    /// `value` with at most `decimals` decimals (0 to 6) and no trailing zeros,
    /// without Foundation's formatter: a day's report writes a million of them.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(Int(value.rounded())) }
        var whole = Int(scaled)
        let negative = value < 0 && whole != 0
        var fraction = ""
        for _ in 0..<decimals {
            let digit = whole % 10
            whole /= 10
            if digit != 0 || !fraction.isEmpty { fraction = String(digit) + fraction }
        }
        return (negative ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A duration as `h:mm:ss`, or `m:ss` under an hour, rounded as every surface rounds it.
    static func duration(_ seconds: Double) -> String { WorkoutFigures.clock(seconds) }

    /// Minutes (a pace's axis value) as `m:ss`.
    static func minutes(_ value: Double) -> String { duration(value * 60) }

}
