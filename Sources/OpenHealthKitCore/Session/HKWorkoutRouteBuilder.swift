import Foundation
import Synchronization
internal import GRDB
internal import GRDBSQLite

/// Collects positions and saves them as a workout's route.
///
/// Positions may arrive in any order; they are sorted by time when the route
/// is finished. A standalone builder needs an already-saved workout and keeps
/// its positions in memory (a crash loses them, as on a watch). A builder from
/// ``HKWorkoutBuilder/seriesBuilder(for:)`` writes each position to the store as
/// it arrives, so a recovered workout keeps its route; it is finished with its
/// workout and must not be finished by hand.
public final class HKWorkoutRouteBuilder: Sendable {
    /// What the builder has collected, under one lock.
    private struct State {
        /// A standalone builder's positions.
        var locations: [CLLocation] = []
        var finished = false
        var appInserted = false
        /// How many positions an owned builder has written, and their time span.
        var writtenCount = 0
        var writtenSpan: (Date, Date)?
    }

    private let state = Mutex(State())
    private let healthStore: HKHealthStore
    private let device: HKDevice?
    let ownedByWorkoutBuilder: Bool
    /// The identifier the route will have; an owned builder's stored positions point to it.
    let routeUUID: UUID
    /// A builder for a route that will be attached to a saved workout.
    public convenience init(healthStore: HKHealthStore, device: HKDevice?) {
        self.init(healthStore: healthStore, device: device, owned: false)
    }

    init(healthStore: HKHealthStore, device: HKDevice?, owned: Bool, routeUUID: UUID = ObjectUUID.next()) {
        self.healthStore = healthStore
        self.device = device
        self.ownedByWorkoutBuilder = owned
        self.routeUUID = routeUUID
    }

    /// Picks up the positions an owned builder wrote before a crash.
    func restoreWrittenPositions() async throws {
        let stored = try await healthStore.routeLocations(routeUUID)
        state.withLock { state in
            state.writtenCount = stored.count
            state.writtenSpan = stored.first.map { ($0.timestamp, stored.last!.timestamp) }
        }
    }

    /// Adds positions.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` once the route is finished
    ///   or for a position that is not a real coordinate.
    public func insertRouteData(_ routeData: [CLLocation]) async throws {
        if ownedByWorkoutBuilder { state.withLock { $0.appInserted = true } }
        try await insertCollected(routeData)
    }

    /// Whether the app inserted positions into this builder itself: a workout builder's own
    /// route builder fed by the app is the app's route, and its data source adds nothing more to it.
    var insertedByApp: Bool { state.withLock { $0.appInserted } }

    /// Adds positions a live data source collected.
    func insertCollected(_ routeData: [CLLocation]) async throws {
        try check(routeData)
        if !ownedByWorkoutBuilder { state.withLock { $0.locations.append(contentsOf: routeData) } }
        guard ownedByWorkoutBuilder, !routeData.isEmpty else { return }
        try await healthStore.insertRouteLocations(routeData, route: routeUUID)
        didWrite(routeData)
    }

    /// Checks that the route takes `routeData`: not finished, and every
    /// position a real coordinate.
    func check(_ routeData: [CLLocation]) throws {
        try state.withLock { state in
            guard !state.finished else { throw HKError(.errorInvalidArgument, "The route builder has already finished its route") }
            for location in routeData where !CLLocationCoordinate2DIsValid(location.coordinate) || !location.coordinate.latitude.isFinite {
                throw HKError(.errorInvalidArgument, "Invalid coordinate \(location.coordinate.latitude), \(location.coordinate.longitude) at \(location.timestamp.formatted(.iso8601))")
            }
        }
    }

    /// Counts positions an owned builder's workout wrote to the store.
    func didWrite(_ routeData: [CLLocation]) {
        guard let lo = routeData.lazy.map(\.timestamp).min(), let hi = routeData.lazy.map(\.timestamp).max() else { return }
        state.withLock { state in
            state.writtenCount += routeData.count
            state.writtenSpan = state.writtenSpan.map { (min($0.0, lo), max($0.1, hi)) } ?? (lo, hi)
        }
    }

    /// Completion-handler form of ``insertRouteData(_:)``.
    @preconcurrency
    public func insertRouteData(_ routeData: [CLLocation], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.insertRouteData(routeData) }
    }

    /// Saves the positions, sorted by time, as a route of `workout`.
    ///
    /// - Throws: ``HKError/Code/errorNoData`` when no position was inserted;
    ///   ``HKError/Code/errorInvalidArgument`` when the route was already finished.
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        if ownedByWorkoutBuilder {
            // An untyped closure: a typed-throws one returning a tuple crashes Swift 6.3's SIL generation.
            let (count, span) = try state.withLock { state throws -> (Int, (Date, Date)) in
                guard !state.finished else { throw HKError(.errorInvalidArgument, "The route builder has already finished its route") }
                guard let span = state.writtenSpan, state.writtenCount > 0 else { throw HKError(.errorNoData, "A route needs at least one location; none were inserted") }
                state.finished = true
                return (state.writtenCount, span)
            }
            let route = HKWorkoutRoute(unchecked: span.0, end: span.1, count: count, uuid: routeUUID, device: device, metadata: metadata,
                                       sourceRevision: HKSourceRevision(source: healthStore.source, version: nil))
            try await healthStore.saveRoute(route, locations: [], workout: workout.uuid)
            return route
        }
        let sorted = try state.withLock { state throws(HKError) -> [CLLocation] in
            guard !state.finished else { throw HKError(.errorInvalidArgument, "The route builder has already finished its route") }
            guard !state.locations.isEmpty else { throw HKError(.errorNoData, "A route needs at least one location; none were inserted") }
            state.finished = true
            return state.locations.sorted { $0.timestamp < $1.timestamp }
        }
        let route = HKWorkoutRoute(unchecked: sorted.first!.timestamp, end: sorted.last!.timestamp, count: sorted.count,
                                   device: device, metadata: metadata, sourceRevision: HKSourceRevision(source: healthStore.source, version: nil))
        try await healthStore.saveRoute(route, locations: sorted, workout: workout.uuid)
        // The app's own route is the workout's route: the one its live data source recorded gives way, so
        // the workout never has two.
        let routes = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: []).result(for: healthStore)
        let collected = routes.filter { $0.uuid != route.uuid && $0.metadata?[OpenHealthKitMetadataKeyCollectedByDataSource] as? Bool == true }
        if !collected.isEmpty { try await healthStore.delete(collected) }
        return route
    }

    /// Completion-handler form of ``finishRoute(with:metadata:)``.
    @preconcurrency
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?, completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void) {
        let values = MetadataValue.encode(metadata)
        completing(completion) { try await self.finishRoute(with: workout, metadata: MetadataValue.decode(values)) }
    }

    /// Stops taking positions without saving them.
    public func discard() {
        let owned = state.withLock { state -> Bool in
            state.finished = true
            state.locations = []
            return ownedByWorkoutBuilder && state.writtenCount > 0
        }
        if owned {
            let store = healthStore, route = routeUUID
            Task.detached { try? await store.deleteRouteLocations(route) }
        }
    }

    var hasLocations: Bool { state.withLock { !$0.finished && (!$0.locations.isEmpty || $0.writtenCount > 0) } }
}
