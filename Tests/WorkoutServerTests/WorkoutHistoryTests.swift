import Foundation
import Testing
import WorkoutCatalog
import WorkoutFormats

/// A month's calendar, weeks, twelve months and records, worked out by hand.
@Suite struct WorkoutHistoryTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// A workout starting at `date` (ISO 8601, UTC).
    func workout(_ id: String, _ activity: String, _ date: String, km: Double, minutes: Double, kcal: Double? = nil) -> WorkoutSummary {
        let start = try! Date(date, strategy: .iso8601)
        return WorkoutSummary(id: id, activity: activity, start: start, end: start.addingTimeInterval(minutes * 60), durationSeconds: minutes * 60,
                              distanceMeters: km * 1_000, energyKilocalories: kcal, averageHeartRate: nil, pauses: 0, legs: nil)
    }

    @Test func aMonthsDaysWeeksAndMonthsAddUpItsWorkoutsInTheAthletesTimeZone() {
        let workouts = [
            // 30 April 23:30 UTC is 1 May 01:30 in Paris: it counts on 1 May.
            workout("A", "running", "2026-04-30T23:30:00Z", km: 10, minutes: 50, kcal: 600),
            workout("B", "cycling", "2026-05-02T08:00:00Z", km: 60, minutes: 120, kcal: 1_500),
            workout("C", "cycling", "2026-05-02T17:00:00Z", km: 20, minutes: 40),
            workout("D", "running", "2026-05-31T09:00:00Z", km: 5, minutes: 25, kcal: 300),
            workout("E", "cycling", "2026-06-01T09:00:00Z", km: 100, minutes: 200, kcal: 2_500),
            workout("F", "running", "2025-06-10T09:00:00Z", km: 21.1, minutes: 110, kcal: 1_200),
        ]
        let history = WorkoutHistory(workouts: workouts, year: 2026, month: 5, timeZone: Self.paris)
        #expect(history.month == "2026-05")
        #expect(history.days.count == 31 && history.days.first?.day == "2026-05-01" && history.days.last?.day == "2026-05-31")
        #expect(history.days[0].workouts.map(\.id) == ["A"])
        #expect(history.days[1].workouts.map(\.id) == ["B", "C"])
        #expect(history.days[30].workouts.map(\.id) == ["D"])
        // 1 May 2026 is a Friday: the weeks start on Monday 27 April and end with the one from Monday 25 May.
        #expect(history.weeks.map(\.start) == ["2026-04-27", "2026-05-04", "2026-05-11", "2026-05-18", "2026-05-25"])
        #expect(history.weeks[0].workouts == 3 && history.weeks[0].distanceMeters == 90_000 && history.weeks[0].activities == ["running": 1, "cycling": 2])
        #expect(history.weeks[4].workouts == 1, "the week of 25 May ends on Sunday 31 May: 1 June is not in it")
        // Twelve months to May 2026, June 2025 first: F in June 2025, four in May, none in June 2026.
        #expect(history.months.map(\.start).first == "2025-06-01" && history.months.last?.start == "2026-05-01")
        #expect(history.months.first?.workouts == 1 && history.months.last?.workouts == 4)
        #expect(history.months.last?.durationSeconds == (50 + 120 + 40 + 25) * 60 && history.months.last?.energyKilocalories == 2_400)
        // Records across every workout given, June 2026's ride included.
        let record = { (activity: String, kind: WorkoutHistory.Record.Kind) in history.records.first { $0.activity == activity && $0.kind == kind } }
        #expect(record("cycling", .longestDistance)?.workout.id == "E" && record("cycling", .longestDistance)?.value == 100_000)
        #expect(record("running", .longestDistance)?.workout.id == "F" && record("running", .longestDuration)?.value == 110 * 60)
        #expect(record("running", .mostEnergy)?.workout.id == "F")
    }

    @Test func monthsAreReadOnlyAsYearDashMonth() {
        #expect(WorkoutHistory.month("2026-05")! == (2026, 5))
        for bad in ["2026-5", "2026-13", "26-05", "2026-05-01", "", "may"] { #expect(WorkoutHistory.month(bad) == nil, "\(bad)") }
    }

    @Test func personalRecordsByEffortAreEachDistancesFastestAndEachDurationsHighestPower() {
        func ride(_ id: String, _ date: String, fastest: [Double: Double], power: [Int: Double]) -> WorkoutSummary {
            var summary = workout(id, "cycling", date, km: 50, minutes: 100)
            summary.efforts = WorkoutEfforts(fastest: fastest, power: power)
            return summary
        }
        let workouts = [
            ride("A", "2026-05-02T08:00:00Z", fastest: [10_000: 900, 20_000: 1_900], power: [5: 800, 1_200: 250]),
            ride("B", "2026-05-09T08:00:00Z", fastest: [10_000: 880, 20_000: 1_950, 40_000: 4_100], power: [5: 750, 1_200: 262]),
            // The same 10 km time later: the first to reach it keeps it.
            ride("C", "2026-05-16T08:00:00Z", fastest: [10_000: 880], power: [:]),
            // Saved before efforts were kept: counted nowhere among the efforts.
            workout("D", "cycling", "2026-05-20T08:00:00Z", km: 120, minutes: 240),
            ride("E", "2026-05-23T08:00:00Z", fastest: [10_000: 700], power: [:]).with(activity: "running"),
        ]
        let history = WorkoutHistory(workouts: workouts, year: 2026, month: 5, timeZone: Self.paris)
        let cycling = history.records.filter { $0.activity == "cycling" && ($0.kind == .fastest || $0.kind == .highestPower) }
        #expect(cycling.map { "\($0.kind.rawValue) \($0.meters.map { "\(Int($0)) m" } ?? "\($0.seconds ?? 0) s") \($0.value) \($0.workout.id)" } == [
            "fastest 10000 m 880.0 B", "fastest 20000 m 1900.0 A", "fastest 40000 m 4100.0 B",
            "highestPower 5 s 800.0 A", "highestPower 1200 s 262.0 B",
        ])
        #expect(history.records.first { $0.activity == "running" && $0.kind == .fastest }?.workout.id == "E")
        #expect(history.records.first { $0.activity == "cycling" && $0.kind == .longestDistance }?.workout.id == "D")
    }

    @Test func aTriathlonsLegsRaceTheirOwnSportsAndTheTriathlonHoldsNoEffortOfItsOwn() {
        var ride = workout("A", "cycling", "2026-05-02T08:00:00Z", km: 40, minutes: 70)
        ride.efforts = WorkoutEfforts(fastest: [10_000: 900], power: [5: 800])
        var triathlon = workout("T", "swimBikeRun", "2026-05-10T07:00:00Z", km: 51.5, minutes: 130)
        triathlon.legs = ["swimming", "transition", "cycling", "transition", "running"]
        triathlon.efforts = WorkoutEfforts(legs: [
            .init(activity: "swimming", efforts: WorkoutEfforts(fastest: [100: 95])),
            .init(activity: "cycling", efforts: WorkoutEfforts(fastest: [10_000: 850], power: [5: 700])),
            .init(activity: "running", efforts: WorkoutEfforts(fastest: [100: 16, 1_000: 230])),
        ])
        let records = WorkoutHistory(workouts: [ride, triathlon], year: 2026, month: 5, timeZone: Self.paris).records
        func holder(_ activity: String, _ kind: WorkoutHistory.Record.Kind, meters: Double? = nil, seconds: Int? = nil) -> String? {
            records.first { $0.activity == activity && $0.kind == kind && $0.meters == meters && $0.seconds == seconds }.map { "\($0.workout.id) \($0.value)" }
        }
        // The bike leg's 10 km beats the ride's; the ride keeps its 5-second power.
        #expect(holder("cycling", .fastest, meters: 10_000) == "T 850.0")
        #expect(holder("cycling", .highestPower, seconds: 5) == "A 800.0")
        // The run's 100 m is a running record, not the triathlon's, and the swim's 100 m a swimming one.
        #expect(holder("running", .fastest, meters: 100) == "T 16.0")
        #expect(holder("swimming", .fastest, meters: 100) == "T 95.0")
        #expect(!records.contains { $0.activity == "swimBikeRun" && ($0.kind == .fastest || $0.kind == .highestPower) })
        // Its totals stay the triathlon's own.
        #expect(holder("swimBikeRun", .longestDistance) == "T 51500.0")
    }
}

private extension WorkoutSummary {
    func with(activity: String) -> WorkoutSummary {
        var summary = self
        summary.activity = activity
        return summary
    }
}
