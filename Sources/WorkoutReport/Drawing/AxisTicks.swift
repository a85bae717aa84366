/// Round tick values for a chart's axis: steps of 1, 2 or 5 times a power of ten.
struct AxisTicks {
    /// The ticks, inside the range.
    let values: [Double]
    /// The range widened to whole steps.
    let lower: Double
    let upper: Double

    /// About `count` ticks covering `lower...upper`.
    init(lower: Double, upper: Double, count: Int = 5) {
        let span = upper > lower ? upper - lower : max(abs(upper), 1)
        let rough = span / Double(max(count, 1))
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? power * 10
        let first = (lower / step).rounded(.down) * step
        let last = max((upper / step).rounded(.up) * step, first + step)
        self.lower = first
        self.upper = last
        var values: [Double] = []
        var value = first
        while value <= last + step / 2, values.count < 50 {
            values.append(value)
            value += step
        }
        self.values = values
    }

    /// Ticks for a time axis in seconds: steps of whole minutes or hours.
    static func time(upTo seconds: Double) -> [Double] {
        let steps: [Double] = [60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600]
        let step = steps.first { seconds / $0 <= 8 } ?? 43_200
        return stride(from: 0, through: seconds, by: step).map { $0 }
    }
}
