public import Foundation
import Synchronization

/// The base of every query. Run a query with ``HKHealthStore/execute(_:)`` and
/// stop a long-running one with ``HKHealthStore/stop(_:)``.
///
/// The static `predicateFor…` functions build the predicates queries take. They
/// are `NSPredicate`s, so they combine with `NSCompoundPredicate`:
///
/// ```swift
/// let today = HKQuery.predicateForSamples(withStart: startOfDay, end: now, options: .strictStartDate)
/// let mine = HKQuery.predicateForObjects(from: HKSource.default())
/// let both = NSCompoundPredicate(andPredicateWithSubpredicates: [today, mine])
/// ```
public class HKQuery: @unchecked Sendable {
    // `objectType` and `predicate` never change; the run state is behind a lock.

    /// The type the query reads, if it reads one.
    public let objectType: HKObjectType?
    /// The predicate that filters objects, if any.
    public let predicate: NSPredicate?

    let filter: SampleFilter?
    private let run = Mutex(RunState())

    struct RunState {
        var stopped = false
        var observer: UUID?
        var database: StoreDatabase?
    }

    init(objectType: HKObjectType?, predicate: NSPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
        self.filter = SampleFilter.from(predicate)
    }

    /// The sample type, for queries over samples.
    public var sampleType: HKSampleType? { objectType as? HKSampleType }

    var isStopped: Bool { run.withLock { $0.stopped } }

    /// Runs the query's first pass; subclasses override.
    func start(on store: HKHealthStore) async {}

    /// Called when the store changes while the query is running; subclasses that keep running override.
    func storeDidChange(on store: HKHealthStore, types: Set<String>?) async {}

    /// Whether the query keeps running after its first pass.
    var isLongRunning: Bool { false }

    func execute(on store: HKHealthStore) {
        Task.detached { [self] in
            await self.start(on: store)
            guard self.isLongRunning, !self.isStopped, let database = try? store.database() else { return }
            let watched = self.objectType?.identifier
            let serial = SerialExecutor()
            let id = database.addObserver { [weak self] types in
                guard let self, !self.isStopped else { return }
                if let watched, let types, !types.contains(watched) { return }
                serial.enqueue { await self.storeDidChange(on: store, types: types) }
            }
            let keep = self.run.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.observer = id
                state.database = database
                return true
            }
            if !keep { database.removeObserver(id) }
        }
    }

    func stop() {
        let (observer, database) = run.withLock { state in
            state.stopped = true
            defer { state.observer = nil; state.database = nil }
            return (state.observer, state.database)
        }
        if let observer { database?.removeObserver(observer) }
    }

    // MARK: Predicates

    /// Samples whose dates relate to `startDate…endDate` as `options` say.
    ///
    /// With no options a sample matches when its end is at or after `startDate`
    /// and its start is before `endDate`. A `nil` bound is open.
    public static func predicateForSamples(withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []) -> NSPredicate {
        HKQueryPredicate(.dateRange(start: startDate, end: endDate, options: options))
    }

    /// The object with `uuid`.
    public static func predicateForObject(with uuid: UUID) -> NSPredicate {
        HKQueryPredicate(.uuids([uuid]))
    }

    /// The objects with these identifiers.
    public static func predicateForObjects(with uuids: Set<UUID>) -> NSPredicate {
        HKQueryPredicate(.uuids(uuids))
    }

    /// Objects saved by `source`.
    public static func predicateForObjects(from source: HKSource) -> NSPredicate {
        HKQueryPredicate(.sourceBundles([source.bundleIdentifier]))
    }

    /// Objects saved by any of `sources`.
    public static func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        HKQueryPredicate(.sourceBundles(Set(sources.map(\.bundleIdentifier))))
    }

    /// Objects saved by any of these source revisions.
    public static func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>) -> NSPredicate {
        HKQueryPredicate(.sourceBundles(Set(sourceRevisions.map(\.source.bundleIdentifier))))
    }

    /// Objects measured by `device`.
    public static func predicateForObjects(from device: HKDevice) -> NSPredicate {
        HKQueryPredicate(.devices([device]))
    }

    /// Objects measured by any of `devices`.
    public static func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
        HKQueryPredicate(.devices(devices))
    }

    /// Objects whose device has `key` (one of the `HKDevicePropertyKey…` constants) set to one of `allowedValues`.
    public static func predicateForObjects(withDeviceProperty key: String, allowedValues: Set<String>) -> NSPredicate {
        HKQueryPredicate(.deviceProperty(key: key, values: allowedValues))
    }

    /// Objects with metadata under `key`.
    public static func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
        HKQueryPredicate(.metadataKeyExists(key))
    }

    /// Objects whose metadata under `key` equals one of `allowedValues`.
    public static func predicateForObjects(withMetadataKey key: String, allowedValues: [Any]) -> NSPredicate {
        HKQueryPredicate(.metadataAllowed(key: key, values: allowedValues.compactMap(MetadataValue.init)))
    }

    /// Objects whose metadata under `key` compares to `value` by `operatorType`.
    public static func predicateForObjects(withMetadataKey key: String, operatorType: HKComparisonOperator, value: Any) -> NSPredicate {
        guard let target = MetadataValue(value) else {
            fatalError("Metadata predicates compare with a String, number, Bool, Date or HKQuantity, not \(type(of: value))")
        }
        return HKQueryPredicate(.metadataCompare(key: key, SampleFilter.Comparison(operatorType), target))
    }

    /// Quantity samples whose quantity compares to `quantity` by `operatorType`.
    public static func predicateForQuantitySamples(with operatorType: HKComparisonOperator, quantity: HKQuantity) -> NSPredicate {
        let comparison = SampleFilter.Comparison(operatorType)
        return HKQueryPredicate(.quantity(comparison, value: quantity.value, unit: quantity.unit))
    }

    /// Category samples whose value compares to `value` by `operatorType`.
    public static func predicateForCategorySamples(with operatorType: HKComparisonOperator, value: Int) -> NSPredicate {
        let comparison = SampleFilter.Comparison(operatorType)
        return HKQueryPredicate(.categoryValue(comparison, value))
    }

    /// Category samples whose value is one of `values`.
    public static func predicateForCategorySamples(equalTo values: Set<Int>) -> NSPredicate {
        HKQueryPredicate(.or(values.sorted().map { .categoryValue(.equal, $0) }))
    }

    /// Workouts of `workoutActivityType`.
    public static func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        HKQueryPredicate(.workoutActivityType(workoutActivityType))
    }

    /// Workouts whose active duration compares to `duration` by `operatorType`.
    public static func predicateForWorkouts(with operatorType: HKComparisonOperator, duration: TimeInterval) -> NSPredicate {
        let comparison = SampleFilter.Comparison(operatorType)
        return HKQueryPredicate(.workoutDuration(comparison, duration))
    }

    /// Workouts whose active energy compares to `totalEnergyBurned` by `operatorType`.
    public static func predicateForWorkouts(with operatorType: HKComparisonOperator, totalEnergyBurned: HKQuantity) -> NSPredicate {
        let comparison = SampleFilter.Comparison(operatorType)
        return HKQueryPredicate(.workoutTotal(.energy, comparison, totalEnergyBurned))
    }

    /// Workouts whose distance compares to `totalDistance` by `operatorType`.
    public static func predicateForWorkouts(with operatorType: HKComparisonOperator, totalDistance: HKQuantity) -> NSPredicate {
        let comparison = SampleFilter.Comparison(operatorType)
        return HKQueryPredicate(.workoutTotal(.distance, comparison, totalDistance))
    }

    /// Workouts whose swimming strokes compare to `totalSwimmingStrokeCount` by `operatorType`.
    public static func predicateForWorkouts(with operatorType: HKComparisonOperator, totalSwimmingStrokeCount: HKQuantity) -> NSPredicate {
        let comparison = SampleFilter.Comparison(operatorType)
        return HKQueryPredicate(.workoutTotal(.swimmingStrokes, comparison, totalSwimmingStrokeCount))
    }

    /// Workouts whose flights climbed compare to `totalFlightsClimbed` by `operatorType`.
    public static func predicateForWorkouts(with operatorType: HKComparisonOperator, totalFlightsClimbed: HKQuantity) -> NSPredicate {
        let comparison = SampleFilter.Comparison(operatorType)
        return HKQueryPredicate(.workoutTotal(.flightsClimbed, comparison, totalFlightsClimbed))
    }

    /// Samples associated with `workout` (saved by its builder).
    public static func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
        HKQueryPredicate(.parent(workout.uuid))
    }
}

