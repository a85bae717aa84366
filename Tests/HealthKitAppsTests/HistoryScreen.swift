import OpenHealthKit

/// A history screen as apps write one with handler-based and async queries: the latest
/// workouts newest first (sorted by HealthKit's sort identifier), each one's route, the
/// week's energy by day, today's rings, and a statistic of a type the user never recorded.
final class HistoryScreen: @unchecked Sendable {
    let healthStore: HKHealthStore

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
    }

    func requestAuthorization() async throws {
        let read: Set<HKObjectType> = [HKObjectType.workoutType(), HKSeriesType.workoutRoute(), HKQuantityType(.activeEnergyBurned),
                                       HKQuantityType(.swimmingStrokeCount), HKObjectType.activitySummaryType()]
        try await healthStore.requestAuthorization(toShare: [], read: read)
    }

    /// The latest workouts, newest first.
    func latestWorkouts(limit: Int = 10) async throws -> [HKWorkout] {
        try await withCheckedThrowingContinuation { continuation in
            let sortDescriptor = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)
            let query = HKSampleQuery(sampleType: .workoutType(), predicate: nil, limit: limit, sortDescriptors: [sortDescriptor]) { _, samples, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples as? [HKWorkout] ?? []) }
            }
            healthStore.execute(query)
        }
    }

    /// Every position of the workout's routes, in order.
    func route(of workout: HKWorkout) async throws -> [CLLocation] {
        let routes = try await HKSampleQueryDescriptor(predicates: [.workoutRoute(HKQuery.predicateForObjects(from: workout))], sortDescriptors: [])
            .result(for: healthStore)
        var locations: [CLLocation] = []
        for route in routes {
            for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: healthStore) { locations.append(location) }
        }
        return locations
    }

    /// Active energy by day over the week ending at `end`.
    func weeklyEnergy(endingAt end: Date) async throws -> [(Date, Double)] {
        let calendar = Calendar.current
        let start = calendar.date(byAdding: .day, value: -7, to: calendar.startOfDay(for: end))!
        let daily = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: HKQuantityType(.activeEnergyBurned), predicate: HKQuery.predicateForSamples(withStart: start, end: end)),
            options: .cumulativeSum, anchorDate: calendar.startOfDay(for: end), intervalComponents: DateComponents(day: 1))
        var days: [(Date, Double)] = []
        for day in try await daily.result(for: healthStore).statistics() {
            days.append((day.startDate, day.sumQuantity()?.doubleValue(for: .kilocalorie()) ?? 0))
        }
        return days
    }

    /// Today's rings.
    func todaysRings(at date: Date) async throws -> HKActivitySummary? {
        let calendar = Calendar(identifier: .gregorian)
        var components = calendar.dateComponents([.era, .year, .month, .day], from: date)
        components.calendar = calendar
        return try await withCheckedThrowingContinuation { continuation in
            let query = HKActivitySummaryQuery(predicate: HKQuery.predicateForActivitySummary(with: components)) { _, summaries, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: summaries?.first) }
            }
            healthStore.execute(query)
        }
    }

    /// The strokes swum today, which nobody recorded: the handler's answer as it comes.
    func strokesToday(at date: Date) async -> (HKStatistics?, (any Error)?) {
        await withCheckedContinuation { continuation in
            let today = HKQuery.predicateForSamples(withStart: Calendar.current.startOfDay(for: date), end: date)
            let query = HKStatisticsQuery(quantityType: HKQuantityType(.swimmingStrokeCount), quantitySamplePredicate: today, options: .cumulativeSum) { _, statistics, error in
                continuation.resume(returning: (statistics, error))
            }
            healthStore.execute(query)
        }
    }
}
