public import Foundation
public import OpenHealthKitCore
import TrainingMetrics
public import WorkoutFormats

/// The athlete's figures as they changed over time, kept in the store as HealthKit keeps them:
/// dated samples of functional threshold power (`cyclingFunctionalThresholdPower`), resting heart
/// rate (`restingHeartRate`) and body mass (`bodyMass`); and, where HealthKit has no type, of
/// OpenHealthKit's own types for maximum and threshold heart rate, critical power and W′
/// (``HKQuantityTypeIdentifier/openHealthKitMaximumHeartRate`` and its neighbours).
///
/// A workout is computed with the values **in force on its date**: the latest sample at or before
/// its start, else the figures stored with the workout (from the profile it was recorded or
/// imported with).
public struct AthleteHistory: Sendable {
    /// One dated value.
    public struct Entry: Sendable, Equatable, Codable {
        /// From when the value holds.
        public var date: Date
        /// Watts, beats per minute or kilograms.
        public var value: Double
    }

    /// The settings kept, with their HealthKit type and unit.
    public enum Setting: String, Sendable, CaseIterable, Codable {
        /// Functional threshold power, in watts.
        case functionalThresholdPower = "ftp"
        /// Resting heart rate, in beats per minute.
        case restingHeartRate = "resting-heart-rate"
        /// Body mass, in kilograms.
        case bodyMass = "weight"
        /// Maximum heart rate, in beats per minute.
        case maximumHeartRate = "max-heart-rate"
        /// Lactate threshold heart rate, in beats per minute.
        case lactateThresholdHeartRate = "threshold-heart-rate"
        /// Critical power, in watts.
        case criticalPower = "cp"
        /// W′, the work that can be done above critical power, in kilojoules.
        case wPrime = "w-prime"

        /// The HealthKit type the setting is kept as.
        public var type: HKQuantityType {
            switch self {
            case .functionalThresholdPower: HKQuantityType(.cyclingFunctionalThresholdPower)
            case .restingHeartRate: HKQuantityType(.restingHeartRate)
            case .bodyMass: HKQuantityType(.bodyMass)
            case .maximumHeartRate: HKQuantityType(.openHealthKitMaximumHeartRate)
            case .lactateThresholdHeartRate: HKQuantityType(.openHealthKitLactateThresholdHeartRate)
            case .criticalPower: HKQuantityType(.openHealthKitCriticalPower)
            case .wPrime: HKQuantityType(.openHealthKitWPrime)
            }
        }

        /// The unit values are given and shown in.
        public var unit: HKUnit {
            switch self {
            case .functionalThresholdPower, .criticalPower: .watt()
            case .restingHeartRate, .maximumHeartRate, .lactateThresholdHeartRate: .count().unitDivided(by: .minute())
            case .bodyMass: .gramUnit(with: .kilo)
            case .wPrime: .jouleUnit(with: .kilo)
            }
        }

        /// The unit's symbol as it is printed: `W`, `bpm`, `kg` or `kJ`.
        public var symbol: String {
            switch self {
            case .functionalThresholdPower, .criticalPower: "W"
            case .restingHeartRate, .maximumHeartRate, .lactateThresholdHeartRate: "bpm"
            case .bodyMass: "kg"
            case .wPrime: "kJ"
            }
        }

        /// The values a person can have, to refuse a mistyped one.
        public var plausibleRange: ClosedRange<Double> {
            switch self {
            case .functionalThresholdPower, .criticalPower: 30...1000
            case .restingHeartRate: 25...120
            case .maximumHeartRate: 100...240
            case .lactateThresholdHeartRate: 80...230
            case .bodyMass: 20...300
            case .wPrime: 1...100
            }
        }
    }

    /// Each setting's values, oldest first.
    public private(set) var entries: [Setting: [Entry]]

    /// The history held in `store`.
    public init(store: HKHealthStore) async throws {
        var entries: [Setting: [Entry]] = [:]
        // Asked once per store: a read-only check first, so that readers racing on one store do not all write.
        let types = Set(Setting.allCases.map { $0.type as HKObjectType })
        if try await store.statusForAuthorizationRequest(toShare: [], read: types) == .shouldRequest {
            try await store.requestAuthorization(toShare: nil, read: types)
        }
        // Every setting in one query, oldest first, then sorted out by type.
        let settings = Dictionary(uniqueKeysWithValues: Setting.allCases.map { ($0.type.quantityTypeIdentifier, $0) })
        let predicates: [HKSamplePredicate<HKQuantitySample>] = Setting.allCases.map { .quantitySample(type: $0.type) }
        let samples = try await HKSampleQueryDescriptor(predicates: predicates, sortDescriptors: [SortDescriptor(\HKQuantitySample.startDate)]).result(for: store)
        for sample in samples {
            guard let setting = settings[sample.quantityType.quantityTypeIdentifier] else { continue }
            entries[setting, default: []].append(Entry(date: sample.startDate, value: sample.quantity.doubleValue(for: setting.unit)))
        }
        self.entries = entries
    }

    /// A history of these entries (oldest first in each), for tests and servers without a store.
    public init(entries: [Setting: [Entry]]) {
        self.entries = entries
    }

    /// The value of `setting` in force at `date`: the latest at or before it.
    public func value(_ setting: Setting, at date: Date) -> Double? {
        guard let list = entries[setting] else { return nil }
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? list[low - 1].value : nil
    }

    /// The figures for a workout at `date` stored with `figures`: the history's values in force
    /// then, else the stored ones.
    public func figures(at date: Date, stored figures: AthleteFigures?) -> AthleteFigures {
        var athlete = figures ?? AthleteFigures()
        if let ftp = value(.functionalThresholdPower, at: date) { athlete.functionalThresholdPower = ftp }
        if let resting = value(.restingHeartRate, at: date) { athlete.restingHeartRate = resting }
        if let maximum = value(.maximumHeartRate, at: date) { athlete.maximumHeartRate = maximum }
        if let threshold = value(.lactateThresholdHeartRate, at: date) { athlete.lactateThresholdHeartRate = threshold }
        if let criticalPower = value(.criticalPower, at: date) { athlete.criticalPower = criticalPower }
        if let wPrime = value(.wPrime, at: date) { athlete.wPrime = wPrime * 1000 }
        return athlete
    }
}

extension HKHealthStore {
    /// Keeps `value` of `setting` from `date` on.
    public func saveAthleteSetting(_ setting: AthleteHistory.Setting, value: Double, from date: Date) async throws {
        try await requestAuthorization(toShare: [setting.type], read: [setting.type])
        let sample = HKQuantitySample(type: setting.type, quantity: HKQuantity(unit: setting.unit, doubleValue: value), start: date, end: date)
        try await save(sample)
    }
}

extension HKHealthStore {
    /// The athlete's figures for `workout`, as every view of it takes them: the values of the
    /// history (``AthleteHistory``) in force on its date, over those stored with it; nil when
    /// there are none.
    public func athleteFigures(for workout: HKWorkout) async throws -> AthleteFigures? {
        let figures = try await AthleteHistory(store: self).figures(at: workout.startDate, stored: AthleteFigures(workout: workout))
        return figures == AthleteFigures() ? nil : figures
    }
}

extension HKHealthStore {
    /// `workout` as it is exported to a file: its activity, with the training figures
    /// (``Activity/statingTraining(athlete:)``) of the athlete's values on its date, the ones
    /// `workout show` prints.
    public func exportedActivity(of workout: HKWorkout) async throws -> Activity {
        try await Activity(workout: workout, in: self).statingTraining(athlete: try await athleteFigures(for: workout))
    }
}
