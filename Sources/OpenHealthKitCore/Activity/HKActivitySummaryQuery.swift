public import Foundation
import Synchronization

/// Reads activity summaries: each day's rings (``HKActivitySummary``), worked out from the
/// store's workouts and active energy (``ActivityRings`` says how).
///
/// ```swift
/// let week = HKQuery.predicate(forActivitySummariesBetweenStart: monday, end: sunday)
/// let query = HKActivitySummaryQuery(predicate: week) { _, summaries, error in … }
/// store.execute(query)
/// ```
public final class HKActivitySummaryQuery: HKQuery, @unchecked Sendable {
    private let resultsHandler: @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void
    private let updates = Mutex<(@Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void)?>(nil)

    /// A query for the summaries `predicate` names (all days with data when nil).
    @preconcurrency
    public init(predicate: NSPredicate?, resultsHandler handler: @escaping @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void) {
        self.resultsHandler = handler
        super.init(objectType: HKActivitySummaryType(), predicate: predicate)
    }

    /// Called with the summaries again whenever the store changes, until the query is stopped.
    @preconcurrency
    public var updateHandler: (@Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void)? {
        get { updates.withLock { $0 } }
        set { updates.withLock { $0 = newValue } }
    }

    override func start(on store: HKHealthStore) async {
        let predicate = predicate.map(NSPredicateBox.init)
        let stream = StoreChangeStream.make(store: store, typeIdentifiers: [HKWorkoutType.workoutIdentifier, HKQuantityTypeIdentifier.activeEnergyBurned.rawValue]) {
            (_: [HKActivitySummary]?) in try await ActivityRings.summaries(store: store, predicate: predicate?.predicate)
        }
        var first = true
        do {
            for try await summaries in stream {
                guard !isStopped else { return }
                if first {
                    first = false
                    resultsHandler(self, summaries, nil)
                    if updateHandler == nil { return }
                } else {
                    updateHandler?(self, summaries, nil)
                }
            }
        } catch {
            guard !isStopped else { return }
            if first { resultsHandler(self, nil, error) } else { updateHandler?(self, nil, error) }
        }
    }
}

/// Reads activity summaries with Swift concurrency.
///
/// ```swift
/// let today = HKQuery.predicateForActivitySummary(with: components)
/// let rings = try await HKActivitySummaryQueryDescriptor(predicate: today).result(for: store)
/// ```
public struct HKActivitySummaryQueryDescriptor: Sendable {
    private let predicate: NSPredicateBox?

    /// Describes a query for the summaries `predicate` names (all days with data when nil).
    public init(predicate: NSPredicate?) {
        self.predicate = predicate.map(NSPredicateBox.init)
    }

    /// Runs the query.
    public func result(for healthStore: HKHealthStore) async throws -> [HKActivitySummary] {
        try await ActivityRings.summaries(store: healthStore, predicate: predicate?.predicate)
    }
}
