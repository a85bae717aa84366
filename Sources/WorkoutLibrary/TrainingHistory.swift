public import Foundation
public import OpenHealthKitCore
public import TrainingMetrics
public import WorkoutFormats

/// A rider's training across workouts: each workout's stress, the training-load chart over the
/// days, and the power curve over a range of dates, read from the HealthKit store.
///
/// **Stress** is computed once per workout, when it is saved (``stressMetadata(figures:thresholds:)``
/// gives the metadata), and kept with it with what it was computed against. The chart reads those
/// values, so ten years of daily rides are one query; a workout saved before, or whose basis no
/// longer matches the athlete's history for its date, is computed again from its series (and
/// kept again with ``refreshStress``).
///
/// **Days** are the rider's calendar days in `timeZone`.
public struct TrainingHistory: Sendable {
    /// One workout's stress on the chart.
    public struct Stress: Sendable, Equatable {
        /// The workout.
        public var workout: UUID
        /// When it started.
        public var start: Date
        /// TSS, else TRIMP.
        public var stress: Double
        /// What it was computed against.
        public var basis: String
        /// Whether it was computed now (no stored value, or a stored value on an old basis).
        public var computed: Bool
    }

    /// The store read.
    public let store: HKHealthStore
    /// The athlete's dated figures.
    public let athlete: AthleteHistory
    /// The zone the days are counted in.
    public let timeZone: TimeZone

    /// The history of `store`, with days in `timeZone`.
    public init(store: HKHealthStore, timeZone: TimeZone = .current) async throws {
        self.store = store
        athlete = try await AthleteHistory(store: store)
        self.timeZone = timeZone
    }

    /// The days, counted in ``timeZone``.
    public var days: CalendarDays { CalendarDays(timeZone: timeZone) }

    /// The day number (days since 1970-01-01 in ``timeZone``) of `date`.
    public func day(of date: Date) -> Int { days.day(of: date) }

    /// The noon of day number `day` in ``timeZone``.
    public func date(ofDay day: Int) -> Date { days.noon(of: day) }

    /// The text a stress is kept with: what it was computed against.
    public static func basis(of metrics: RideMetrics) -> String? {
        let thresholds = metrics.thresholds
        if metrics.trainingStressScore != nil, let ftp = thresholds.functionalThresholdPower {
            return "tss ftp=\(Self.number(ftp))"
        }
        if metrics.trainingImpulse != nil, let rest = thresholds.restingHeartRate, let maximum = thresholds.maximumHeartRate {
            return "trimp rest=\(Self.number(rest)) max=\(Self.number(maximum))"
        }
        return nil
    }

    /// The basis the athlete's figures for a workout at `date` with `stored` figures would give
    /// a workout of this kind (with power or not).
    func expectedBasis(at date: Date, stored: AthleteFigures?, hasPower: Bool) -> String? {
        let figures = athlete.figures(at: date, stored: stored)
        if hasPower, let ftp = figures.functionalThresholdPower { return "tss ftp=\(Self.number(ftp))" }
        if let rest = figures.restingHeartRate, let maximum = figures.maximumHeartRate {
            return "trimp rest=\(Self.number(rest)) max=\(Self.number(maximum))"
        }
        return nil
    }

    /// The metadata a workout whose figures are `figures` is saved with: its stress and basis.
    public static func stressMetadata(figures: WorkoutFigures) -> [String: Any] {
        guard let metrics = figures.training, let stress = metrics.stress, let basis = basis(of: metrics) else { return [:] }
        return [OpenHealthKitMetadataKeyTrainingStress: stress, OpenHealthKitMetadataKeyTrainingStressBasis: basis]
    }

    /// A workout's training metrics, computed from its series against the figures in force on its date.
    public func metrics(of workout: HKWorkout, activity read: Activity? = nil) async throws
        -> (figures: WorkoutFigures, power: SecondSeries, timeline: WorkoutTimeline, activity: Activity) {
        let activity: Activity
        if let read { activity = read } else { activity = try await Activity(workout: workout, in: store) }
        let timeline = WorkoutTimeline(activity: activity)
        let figures = athlete.figures(at: workout.startDate, stored: AthleteFigures(workout: workout))
        return (WorkoutFigures(activity: activity, timeline: timeline, athlete: figures), timeline.seconds(of: \.power), timeline, activity)
    }

    /// Every workout's stress from `start` (nil: the first) to `end`, oldest first; a workout with
    /// no stress (no power and no heart-rate reserve) is left out.
    public func stresses(from start: Date? = nil, to end: Date = .distantFuture) async throws -> [Stress] {
        let window = HKQuery.predicateForSamples(withStart: start ?? .distantPast, end: end, options: [])
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout(window)], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        var stresses: [Stress] = []
        stresses.reserveCapacity(workouts.count)
        for workout in workouts {
            let metadata = workout.metadata ?? [:]
            let stored = AthleteFigures(workout: workout)
            if let stress = metadata[OpenHealthKitMetadataKeyTrainingStress] as? Double, let basis = metadata[OpenHealthKitMetadataKeyTrainingStressBasis] as? String,
               basis == expectedBasis(at: workout.startDate, stored: stored, hasPower: basis.hasPrefix("tss")) {
                stresses.append(Stress(workout: workout.uuid, start: workout.startDate, stress: stress, basis: basis, computed: false))
                continue
            }
            let figures = try await metrics(of: workout).figures
            if let metrics = figures.training, let stress = metrics.stress, let basis = Self.basis(of: metrics) {
                stresses.append(Stress(workout: workout.uuid, start: workout.startDate, stress: stress, basis: basis, computed: true))
            }
        }
        return stresses
    }

    /// Keeps each computed stress of `stresses` with its workout, so the next chart reads it.
    /// Returns how many workouts changed.
    @discardableResult
    public func refreshStress(_ stresses: [Stress]) async throws -> Int {
        var changed = 0
        for stress in stresses where stress.computed {
            let found = try await HKSampleQueryDescriptor(predicates: [.workout(HKQuery.predicateForObject(with: stress.workout))], sortDescriptors: []).result(for: store)
            guard let workout = found.first else { continue }
            _ = try await store.updateMetadata(of: workout, setting: [OpenHealthKitMetadataKeyTrainingStress: stress.stress,
                                                                      OpenHealthKitMetadataKeyTrainingStressBasis: stress.basis])
            changed += 1
        }
        return changed
    }

    /// The training-load chart of `stresses` from their first day to `last`.
    public func load(_ stresses: [Stress], through last: Date) -> [TrainingLoad.Day] {
        TrainingLoad.chart(of: stresses.lazy.map { ($0.start, $0.stress) }, through: last, days: days)
    }

    /// The best power curve of the workouts from `start` to `end`, each point its best over them;
    /// nil when none has power.
    public func powerCurve(from start: Date, to end: Date) async throws -> MeanMaximalPower? {
        let window = HKQuery.predicateForSamples(withStart: start, end: end, options: [])
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout(window)], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        var best: MeanMaximalPower?
        for workout in workouts {
            let activity = try await Activity(workout: workout, in: store)
            guard activity.records.contains(where: { ($0.power ?? 0) > 0 }) else { continue }
            let power = WorkoutTimeline(activity: activity).seconds(of: \.power)
            guard !power.values.isEmpty else { continue }
            let curve = MeanMaximalPower(watts: power.values)
            best = best.map { $0.merged(with: curve) } ?? curve
        }
        return best
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension HKHealthStore {
    /// Computes what is kept with a saved workout, so pages across years read one value a workout: its
    /// training stress against the athlete's figures in force on its date, and its best efforts
    /// (``WorkoutEfforts``). `record` and `replay` call it once a workout is saved; an import keeps both
    /// as it saves. Returns the workout as it now is. `activity`, when given, is the workout as already
    /// read from the store.
    @discardableResult
    public func keepDerivedFigures(of workout: HKWorkout, activity: Activity? = nil) async throws -> HKWorkout {
        let history = try await TrainingHistory(store: self)
        let metrics = try await history.metrics(of: workout, activity: activity)
        var metadata = TrainingHistory.stressMetadata(figures: metrics.figures)
        metadata[OpenHealthKitMetadataKeyBestEfforts] = WorkoutEfforts(activity: metrics.activity, timeline: metrics.timeline).metadataValue
        return try await updateMetadata(of: workout, setting: metadata)
    }

    /// Keeps the best efforts of every workout saved without them (before they were kept, or a multisport
    /// workout's before they were kept leg by leg: ``WorkoutEfforts/init(keptWith:)``), so that
    /// personal records cover every workout; returns how many it computed. Each is read once: the next
    /// call finds them kept.
    @discardableResult
    public func keepMissingEfforts() async throws -> Int {
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: self)
        var computed = 0
        for workout in workouts where WorkoutEfforts(keptWith: workout) == nil {
            let activity = try await Activity(workout: workout, in: self)
            let efforts = WorkoutEfforts(activity: activity, timeline: WorkoutTimeline(activity: activity))
            _ = try await updateMetadata(of: workout, setting: [OpenHealthKitMetadataKeyBestEfforts: efforts.metadataValue])
            computed += 1
        }
        return computed
    }
}

extension TrainingHistory {
    /// How many days before a workout its report's best power curve covers.
    public static let bestCurveDays = 90

    /// The athlete's best power curve over the ``bestCurveDays`` before `workout` (it left out), with
    /// a label saying so; nil when none of those workouts has power.
    public func bestPowerCurve(before workout: HKWorkout) async throws -> (curve: MeanMaximalPower, label: String)? {
        let start = workout.startDate.addingTimeInterval(-Double(Self.bestCurveDays) * 86_400)
        guard let curve = try await powerCurve(from: start, to: workout.startDate.addingTimeInterval(-0.001)) else { return nil }
        return (curve, "your best of the \(Self.bestCurveDays) days before")
    }
}

/// What `workout fitness`, `/fitness` and `/api/fitness` show of a range of days: the training-load
/// chart, the range's power curve and critical power. One computation for the three.
public struct FitnessReport: Sendable, Codable, Equatable {
    /// One day of the chart.
    public struct Day: Sendable, Codable, Equatable {
        /// Days since 1970-01-01 in the report's zone.
        public var number: Int
        /// The day, `2026-03-01`.
        public var date: String
        /// The day's stress (TSS, else TRIMP).
        public var stress: Double
        /// Chronic training load at the end of the day.
        public var fitness: Double
        /// Acute training load at the end of the day.
        public var fatigue: Double
        /// Yesterday's fitness minus yesterday's fatigue.
        public var form: Double

        /// Day `day` of a chart, dated by `days`.
        public init(_ day: TrainingLoad.Day, days: CalendarDays) {
            self.init(number: day.day, date: days.text(of: day.day), stress: day.stress, fitness: day.fitness, fatigue: day.fatigue, form: day.form)
        }

        /// A day of the chart.
        public init(number: Int, date: String, stress: Double, fitness: Double, fatigue: Double, form: Double) {
            self.number = number
            self.date = date
            self.stress = stress
            self.fitness = fitness
            self.fatigue = fatigue
            self.form = form
        }
    }

    /// Critical power fitted on the range's power curve.
    public struct CriticalPowerFit: Sendable, Codable, Equatable {
        /// Watts.
        public var criticalPower: Double
        /// Joules.
        public var wPrime: Double
        /// The share of the curve's variance over 2–20 minutes the model explains.
        public var rSquared: Double
        /// The model's power for an hour, watts.
        public var estimatedFunctionalThresholdPower: Double
    }

    /// The first day, `2026-03-01`.
    public var from: String
    /// The last day.
    public var to: String
    /// How many workouts fall in the range.
    public var workouts: Int
    /// How many workouts' stress was computed again (their athlete's figures changed), and kept.
    public var computedAgain: Int
    /// The chart's days in the range (from the first workout's day on).
    public var days: [Day]
    /// The best average power for each duration over the range's workouts.
    public var powerCurve: MeanMaximalPower?
    /// Critical power and W′ fitted on it.
    public var criticalPower: CriticalPowerFit?

    /// One week of the chart, from Monday (or the range's first day).
    public struct Week: Sendable, Equatable {
        /// Its first day in the range.
        public var from: String
        /// Its stress added up.
        public var stress: Double
        /// Its last day's figures.
        public var last: Day
    }

    /// The chart's days by week from Monday, oldest first: what `workout fitness` and the fitness page list.
    public var weeks: [Week] {
        var weeks: [(monday: Int, days: [Day])] = []
        for day in days {
            let monday = CalendarDays.monday(of: day.number)
            if weeks.last?.monday == monday { weeks[weeks.count - 1].days.append(day) } else { weeks.append((monday, [day])) }
        }
        return weeks.map { Week(from: $0.days[0].date, stress: $0.days.reduce(0) { $0 + $1.stress }, last: $0.days[$0.days.count - 1]) }
    }

    /// The report of days `firstDay` to `lastDay` (day numbers in `days`) from workouts' stresses: the chart
    /// from the first workout on, shown over the range, the workouts that started in it, and `powerCurve` with
    /// critical power fitted on it. The one computation of a store's report and a club's.
    public init(stresses: [(start: Date, stress: Double)], firstDay: Int, lastDay: Int, days: CalendarDays, computedAgain: Int = 0,
                powerCurve: MeanMaximalPower? = nil) {
        let chart = TrainingLoad.chart(of: stresses, through: days.noon(of: lastDay), days: days).filter { $0.day >= firstDay }
        let model = powerCurve.flatMap(CriticalPower.init(curve:))
        self.init(from: days.text(of: firstDay), to: days.text(of: lastDay),
                  workouts: stresses.filter { (firstDay...lastDay).contains(days.day(of: $0.start)) }.count,
                  computedAgain: computedAgain, days: chart.map { Day($0, days: days) }, powerCurve: powerCurve,
                  criticalPower: model.map { CriticalPowerFit(criticalPower: $0.criticalPower, wPrime: $0.wPrime, rSquared: $0.rSquared,
                                                              estimatedFunctionalThresholdPower: $0.estimatedFunctionalThresholdPower) })
    }

    /// A report of these figures.
    public init(from: String, to: String, workouts: Int, computedAgain: Int, days: [Day], powerCurve: MeanMaximalPower?, criticalPower: CriticalPowerFit?) {
        self.from = from
        self.to = to
        self.workouts = workouts
        self.computedAgain = computedAgain
        self.days = days
        self.powerCurve = powerCurve
        self.criticalPower = criticalPower
    }
}

extension TrainingHistory {
    /// The report of days `firstDay` to `lastDay` (day numbers in ``timeZone``): the chart from the first
    /// workout on, shown over the range, and the range's power curve. Stress computed again is kept.
    public func fitnessReport(firstDay: Int, lastDay: Int) async throws -> FitnessReport {
        let start = date(ofDay: firstDay).addingTimeInterval(-43_200), end = date(ofDay: lastDay + 1).addingTimeInterval(-43_200)
        let stresses = try await stresses(to: end)
        let computedAgain = try await refreshStress(stresses)
        return FitnessReport(stresses: stresses.map { ($0.start, $0.stress) }, firstDay: firstDay, lastDay: lastDay, days: days,
                             computedAgain: computedAgain, powerCurve: try await powerCurve(from: start, to: end))
    }
}
