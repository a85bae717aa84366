import Foundation

/// Works out days' activity rings from the store: what ``HKActivitySummaryQuery`` and its
/// descriptor answer.
///
/// - Move: the active energy every app saved that day (`activeEnergyBurned`, summed as
///   statistics sum it, overlaps between sources resolved by their priority).
/// - Exercise: the minutes of workouts that day, pauses left out, a workout across
///   midnight split between the days.
/// - Stand: the hours of the day in which a workout ran or active energy was recorded,
///   as a stand-in for the standing a watch senses.
///
/// Goals are the Activity app's defaults: 400 kcal (or 30 minutes of move time), 30
/// minutes of exercise, 12 stand hours; the move ring's measure is the user's
/// ``HKActivityMoveMode`` characteristic.
enum ActivityRings {
    /// The most days one query answers: ten years.
    static let maximumDays = 3_660

    static func summaries(store: HKHealthStore, predicate: NSPredicate?) async throws -> [HKActivitySummary] {
        let database = try store.database()
        guard store.canReadAll(HKActivitySummaryType(), in: database) else {
            throw HKError(.errorAuthorizationNotDetermined,
                          "Authorization to read HKActivitySummaryTypeIdentifier has not been requested; ask to read HKObjectType.activitySummaryType()")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        // Only the range's workouts and energy are read; without a range, all of them, for the days they fall on.
        var days: [Date] = []
        var span: NSPredicate?
        if let range = predicate as? ActivitySummaryPredicate {
            guard let first = calendar.date(from: Self.day(range.start)), let last = calendar.date(from: Self.day(range.end)), first <= last,
                  let end = calendar.date(byAdding: .day, value: 1, to: last) else { return [] }
            days = Self.days(from: first, through: last, in: calendar)
            span = HKQuery.predicateForSamples(withStart: first, end: end, options: [])
        }
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout(span)], sortDescriptors: []).result(for: store)
        let energy = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.activeEnergyBurned), predicate: span)],
                                                       sortDescriptors: []).result(for: store)
        if span == nil {
            // Without a range: every day that holds a workout or active energy.
            let dates = workouts.map(\.startDate) + energy.map(\.startDate)
            days = Set(dates.map { calendar.startOfDay(for: $0) }).sorted()
        }
        let moveMode = (try? store.storedUserProfile())?.activityMoveMode ?? .activeEnergy
        var summaries: [HKActivitySummary] = []
        for day in days.prefix(maximumDays) {
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { continue }
            let within = HKQuery.predicateForSamples(withStart: day, end: next, options: [])
            let kilocalories = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.activeEnergyBurned), predicate: within),
                                                                     options: .cumulativeSum).result(for: store)?
                .sumQuantity()?.doubleValue(for: .kilocalorie()) ?? 0
            var exerciseSeconds = 0.0
            var hours: Set<Int> = []
            for workout in workouts where workout.startDate < next && workout.endDate > day {
                let share = workout.endDate > workout.startDate
                    ? (min(workout.endDate, next).timeIntervalSince(max(workout.startDate, day))) / workout.endDate.timeIntervalSince(workout.startDate) : 0
                exerciseSeconds += workout.duration * share
                hours.formUnion(Self.hours(from: max(workout.startDate, day), to: min(workout.endDate, next), of: day, in: calendar))
            }
            for sample in energy where sample.startDate < next && sample.endDate >= day {
                hours.formUnion(Self.hours(from: max(sample.startDate, day), to: min(sample.endDate, next), of: day, in: calendar))
            }
            let components = calendar.dateComponents([.era, .year, .month, .day], from: day)
            summaries.append(HKActivitySummary(
                day: components, activityMoveMode: moveMode,
                activeEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: kilocalories),
                activeEnergyBurnedGoal: HKQuantity(unit: .kilocalorie(), doubleValue: 400),
                appleMoveTime: HKQuantity(unit: .minute(), doubleValue: (exerciseSeconds / 60).rounded(.down)),
                appleMoveTimeGoal: HKQuantity(unit: .minute(), doubleValue: 30),
                appleExerciseTime: HKQuantity(unit: .minute(), doubleValue: (exerciseSeconds / 60).rounded(.down)),
                exerciseTimeGoal: HKQuantity(unit: .minute(), doubleValue: 30),
                appleStandHours: HKQuantity(unit: .count(), doubleValue: Double(hours.count)),
                standHoursGoal: HKQuantity(unit: .count(), doubleValue: 12)))
        }
        return summaries
    }

    /// The day alone of `components` (era, year, month, day).
    private static func day(_ components: DateComponents) -> DateComponents {
        DateComponents(era: components.era, year: components.year, month: components.month, day: components.day)
    }

    private static func days(from first: Date, through last: Date, in calendar: Calendar) -> [Date] {
        var days: [Date] = []
        var day = first
        while day <= last, days.count < maximumDays {
            days.append(day)
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return days
    }

    /// The hours of `day` (0–23) that the span from `start` to `end` touches.
    private static func hours(from start: Date, to end: Date, of day: Date, in calendar: Calendar) -> Set<Int> {
        let first = calendar.component(.hour, from: start)
        let last = calendar.component(.hour, from: end > start ? end.addingTimeInterval(-0.001) : start)
        guard first <= last else { return [first] }
        return Set(first...last)
    }
}
