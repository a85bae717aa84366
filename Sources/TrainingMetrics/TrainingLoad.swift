public import Foundation

/// The performance management chart: chronic and acute training load and their balance, day by
/// day (Coggan; GoldenCheetah's `PMCData.cpp`).
///
/// - **Chronic load** (CTL, "fitness"): CTL_d = CTL_(d−1)·e^(−1/42) + S_d·(1 − e^(−1/42)), where S_d
///   is the day's stress (the sum of its workouts' TSS, or TRIMP where a ride has no power).
/// - **Acute load** (ATL, "fatigue"): the same with 7 days.
/// - **Balance** (TSB, "form"): yesterday's CTL − ATL, so a day's form is what the rider starts
///   it with, as GoldenCheetah shows it by default.
///
/// Days are whole numbers (days since an epoch in the rider's time zone, which the caller
/// chooses); a day without workouts has zero stress. The chart starts from zero loads on its
/// first day. Adding a workout recomputes only from its day on (``add(stress:day:)``), so the chart
/// follows workouts as they arrive.
public struct TrainingLoad: Sendable, Equatable {
    /// The chronic load's time constant, in days.
    public static let chronicDays = 42.0
    /// The acute load's time constant, in days.
    public static let acuteDays = 7.0

    /// One day of the chart.
    public struct Day: Sendable, Equatable, Codable {
        /// The day's number.
        public var day: Int
        /// The day's stress.
        public var stress: Double
        /// Chronic training load at the end of the day.
        public var fitness: Double
        /// Acute training load at the end of the day.
        public var fatigue: Double
        /// Yesterday's fitness minus yesterday's fatigue.
        public var form: Double
    }

    /// The first day charted; nil while there is no stress.
    public private(set) var firstDay: Int?
    private var stresses: [Double] = []
    private var days: [Day] = []

    /// An empty chart.
    public init() {}

    /// Adds `stress` (TSS) on `day`, and recomputes the days from it on.
    public mutating func add(stress: Double, day: Int) {
        guard stress.isFinite else { return }
        if let first = firstDay, day < first {
            stresses.insert(contentsOf: [Double](repeating: 0, count: first - day), at: 0)
            firstDay = day
            days = []
        } else if firstDay == nil {
            firstDay = day
        }
        let index = day - firstDay!
        if index >= stresses.count { stresses += [Double](repeating: 0, count: index - stresses.count + 1) }
        stresses[index] += stress
        if days.count > index { days.removeSubrange(index...) }
    }

    /// The chart from its first day to `last` (inclusive), extending past the last stress with
    /// rest days.
    public mutating func chart(through last: Int) -> [Day] {
        guard let first = firstDay, last >= first else { return [] }
        let chronic = exp(-1 / Self.chronicDays), acute = exp(-1 / Self.acuteDays)
        let count = last - first + 1
        if days.count >= count { return Array(days.prefix(count)) }
        var fitness = days.last?.fitness ?? 0, fatigue = days.last?.fatigue ?? 0
        for index in days.count..<count {
            let stress = index < stresses.count ? stresses[index] : 0
            let form = fitness - fatigue
            fitness = fitness * chronic + stress * (1 - chronic)
            fatigue = fatigue * acute + stress * (1 - acute)
            days.append(Day(day: first + index, stress: stress, fitness: fitness, fatigue: fatigue, form: form))
        }
        return days
    }
}

extension TrainingLoad {
    /// The chart of workouts' stresses, each added on the day it started in `days`, from the first
    /// one's day through the day of `last`: what a store's and a club's fitness pages both draw.
    public static func chart(of stresses: some Sequence<(start: Date, stress: Double)>, through last: Date, days: CalendarDays) -> [Day] {
        var load = TrainingLoad()
        for (start, stress) in stresses { load.add(stress: stress, day: days.day(of: start)) }
        return load.chart(through: days.day(of: last))
    }
}
