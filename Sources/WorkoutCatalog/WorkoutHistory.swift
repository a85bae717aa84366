public import Foundation
import WorkoutFormats

/// An athlete's history around one month: its calendar, each week's and each of the last twelve months'
/// totals, and their records across every workout, as the history page and `GET /api/history` show them.
///
/// Days, weeks (Monday to Sunday, as ISO 8601 counts them) and months are the athlete's, in `timeZone`; a
/// workout counts on the day it started.
public struct WorkoutHistory: Codable, Sendable, Equatable {
    /// What some workouts add up to.
    public struct Totals: Codable, Sendable, Equatable {
        /// The first day they cover, `2026-05-04`.
        public var start: String
        /// How many workouts.
        public var workouts: Int
        /// Metres covered.
        public var distanceMeters: Double
        /// Seconds of activity, pauses left out.
        public var durationSeconds: Double
        /// Active kilocalories.
        public var energyKilocalories: Double
        /// How many workouts of each activity.
        public var activities: [String: Int]

        /// Nothing yet, from `start`.
        init(start: String) {
            self.start = start
            workouts = 0
            distanceMeters = 0
            durationSeconds = 0
            energyKilocalories = 0
            activities = [:]
        }

        mutating func add(_ workout: WorkoutSummary) {
            workouts += 1
            distanceMeters += workout.distanceMeters ?? 0
            durationSeconds += workout.durationSeconds
            energyKilocalories += workout.energyKilocalories ?? 0
            activities[workout.activity, default: 0] += 1
        }
    }

    /// A day of the month and the workouts started on it, in order.
    public struct Day: Codable, Sendable, Equatable {
        /// The day, `2026-05-02`.
        public var day: String
        /// Its workouts.
        public var workouts: [WorkoutSummary]
    }

    /// The best of one kind among an activity's workouts.
    public struct Record: Codable, Sendable, Equatable {
        /// What is best.
        public enum Kind: String, Codable, Sendable, CaseIterable {
            /// The longest by distance.
            case longestDistance
            /// The longest by time in motion.
            case longestDuration
            /// The most active energy.
            case mostEnergy
            /// The fastest time over ``Record/meters``, from each workout's kept efforts.
            case fastest
            /// The highest average power over ``Record/seconds``, from each workout's kept efforts.
            case highestPower
        }
        /// The activity, as HealthKit names it.
        public var activity: String
        /// What is best.
        public var kind: Kind
        /// Metres, seconds or kilocalories; seconds for ``Kind/fastest``, watts for ``Kind/highestPower``.
        public var value: Double
        /// The distance of a ``Kind/fastest`` record, in metres.
        public var meters: Double?
        /// The duration of a ``Kind/highestPower`` record, in seconds.
        public var seconds: Int?
        /// The workout that holds it.
        public var workout: WorkoutSummary
    }

    /// The month, `2026-05`.
    public var month: String
    /// Every day of the month.
    public var days: [Day]
    /// Each week that has a day in the month, over all its seven days.
    public var weeks: [Totals]
    /// The twelve months ending with this one, oldest first.
    public var months: [Totals]
    /// Each activity's records across every workout given.
    public var records: [Record]

    /// The history of `workouts` around the month `month` (1 to 12) of `year`, in `timeZone`.
    public init(workouts: [WorkoutSummary], year: Int, month: Int, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let sorted = workouts.sorted { $0.start < $1.start }
        func day(_ date: Date) -> String {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)) ?? Date(timeIntervalSince1970: 0)
        let next = calendar.date(byAdding: .month, value: 1, to: first) ?? first
        self.month = String(format: "%04d-%02d", year, month)

        var byDay: [String: [WorkoutSummary]] = [:]
        for workout in sorted { byDay[day(workout.start), default: []].append(workout) }
        var days: [Day] = []
        var date = first
        while date < next {
            days.append(Day(day: day(date), workouts: byDay[day(date)] ?? []))
            date = calendar.date(byAdding: .day, value: 1, to: date) ?? next
        }
        self.days = days

        // Weeks from the Monday on or before the first day to the Sunday on or after the last.
        var monday = calendar.date(byAdding: .day, value: -Self.daysAfterMonday(year: year, month: month), to: first) ?? first
        var weeks: [Totals] = []
        while monday < next {
            let sunday = calendar.date(byAdding: .day, value: 7, to: monday) ?? next
            var totals = Totals(start: day(monday))
            for workout in sorted where workout.start >= monday && workout.start < sunday { totals.add(workout) }
            weeks.append(totals)
            monday = sunday
        }
        self.weeks = weeks

        var months: [Totals] = []
        for back in (0..<12).reversed() {
            let start = calendar.date(byAdding: .month, value: -back, to: first) ?? first
            let end = calendar.date(byAdding: .month, value: 1, to: start) ?? start
            var totals = Totals(start: day(start))
            for workout in sorted where workout.start >= start && workout.start < end { totals.add(workout) }
            months.append(totals)
        }
        self.months = months

        var records: [Record] = []
        // A multisport workout's legs hold efforts of their own sports: a triathlon's bike leg races the rides.
        let efforts = sorted.flatMap { workout in (workout.efforts?.bySport(activity: workout.activity) ?? []).map { (workout, $0.activity, $0.efforts) } }
        for activity in Set(sorted.map(\.activity) + efforts.map(\.1)).sorted() {
            let ofActivity = sorted.filter { $0.activity == activity }
            for kind in [Record.Kind.longestDistance, .longestDuration, .mostEnergy] {
                let value: (WorkoutSummary) -> Double? = switch kind {
                case .longestDistance: { $0.distanceMeters }
                case .longestDuration: { $0.durationSeconds }
                case .mostEnergy: { $0.energyKilocalories }
                case .fastest, .highestPower: { _ in nil }
                }
                // The first to reach the best keeps it.
                var best: (Double, WorkoutSummary)?
                for workout in ofActivity {
                    guard let candidate = value(workout), candidate > 0 else { continue }
                    if candidate > best?.0 ?? 0 { best = (candidate, workout) }
                }
                if let (value, workout) = best { records.append(Record(activity: activity, kind: kind, value: value, workout: workout)) }
            }
            records += Self.effortRecords(of: efforts.filter { $0.1 == activity }.map { ($0.0, $0.2) }, activity: activity)
        }
        self.records = records
    }

    /// The fastest time over each distance and the highest power over each duration among `efforts` (each
    /// workout's kept efforts of `activity`: its own, or a multisport workout's legs of that sport,
    /// ``WorkoutEfforts/bySport(activity:)``), distances then durations in order; the first to reach a best keeps it.
    static func effortRecords(of efforts: [(WorkoutSummary, WorkoutEfforts)], activity: String) -> [Record] {
        var fastest: [Double: (Double, WorkoutSummary)] = [:], power: [Int: (Double, WorkoutSummary)] = [:]
        for (workout, efforts) in efforts {
            for (meters, seconds) in efforts.fastest where seconds < fastest[meters]?.0 ?? .infinity { fastest[meters] = (seconds, workout) }
            for (duration, watts) in efforts.power where watts > power[duration]?.0 ?? 0 { power[duration] = (watts, workout) }
        }
        return fastest.sorted { $0.key < $1.key }.map { Record(activity: activity, kind: .fastest, value: $0.value.0, meters: $0.key, workout: $0.value.1) }
            + power.sorted { $0.key < $1.key }.map { Record(activity: activity, kind: .highestPower, value: $0.value.0, seconds: $0.key, workout: $0.value.1) }
    }

    /// How many days the first of the month `month` of `year` comes after a Monday (0 for a Monday, 6 for a
    /// Sunday): where its calendar's first week starts.
    public static func daysAfterMonday(year: Int, month: Int) -> Int {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)) ?? Date(timeIntervalSince1970: 0)
        // Foundation numbers weekdays from Sunday (1) whatever the calendar's first day.
        return (calendar.component(.weekday, from: first) + 5) % 7
    }

    /// The month `text` names (`2026-05`), as year and month; nil for anything else.
    public static func month(_ text: String) -> (year: Int, month: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
              (1...9_999).contains(year), (1...12).contains(month) else { return nil }
        return (year, month)
    }
}
