import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKWorkoutRouteTests {
    func fix(_ seconds: Double, _ latitude: Double, _ longitude: Double) -> CLLocation {
        CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 520, horizontalAccuracy: 4,
                   verticalAccuracy: 6, course: 90, speed: 3.2, timestamp: at(seconds))
    }

    func routeLocations(_ route: HKWorkoutRoute, in store: HKHealthStore) async -> [CLLocation] {
        await withCheckedContinuation { continuation in
            let collected = NSLockedList()
            store.execute(HKWorkoutRouteQuery(route: route) { _, locations, done, _ in
                collected.append(locations ?? [])
                if done { continuation.resume(returning: collected.all) }
            })
        }
    }

    @Test func aStandaloneRouteIsSortedSavedAndReadBack() async throws {
        let (store, _) = try await makeAuthorizedStore([HKWorkoutType(), HKSeriesType.workoutRoute()])
        let workout = HKWorkout(activityType: .running, start: at(0), end: at(100))
        try await store.save(workout)
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData([fix(20, 48.1002, 11.5002), fix(0, 48.1, 11.5)])
        try await builder.insertRouteData([fix(10, 48.1001, 11.5001)])
        await #expect(throws: HKError.self) { try await builder.insertRouteData([fix(30, 123, 11.5)]) }
        let route = try await builder.finishRoute(with: workout, metadata: ["surface": "trail"])
        #expect(route.count == 3)
        #expect(route.startDate == at(0) && route.endDate == at(20))
        await #expect(throws: HKError.self) { _ = try await builder.finishRoute(with: workout, metadata: nil) }

        let found = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                      sortDescriptors: []).result(for: store)
        let stored = try #require(found.first as? HKWorkoutRoute)
        #expect(stored.count == 3)
        #expect(stored.metadata?["surface"] as? String == "trail")
        let locations = await routeLocations(stored, in: store)
        #expect(locations.map(\.timestamp) == [at(0), at(10), at(20)])
        #expect(locations.first?.horizontalAccuracy == 4)
    }

    @Test func anEmptyRouteIsNoData() async throws {
        let (store, _) = try await makeAuthorizedStore([HKWorkoutType(), HKSeriesType.workoutRoute()])
        let workout = HKWorkout(activityType: .walking, start: at(0), end: at(10))
        try await store.save(workout)
        do {
            _ = try await HKWorkoutRouteBuilder(healthStore: store, device: nil).finishRoute(with: workout, metadata: nil)
            Issue.record("an empty route was saved")
        } catch HKError.errorNoData {
        }
    }

    @Test func theWorkoutBuildersRouteIsFinishedWithTheWorkout() async throws {
        let (store, _) = try await makeAuthorizedStore([HKWorkoutType(), HKSeriesType.workoutRoute(), heartRate])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil, clock: VirtualClock(start: at(0)))
        let routeBuilder = try #require(builder.seriesBuilder(for: .workoutRoute()))
        #expect(builder.seriesBuilder(for: .workoutRoute()) === routeBuilder)
        #expect(builder.seriesBuilder(for: .heartbeat()) == nil)
        try await builder.beginCollection(at: at(0))
        try await routeBuilder.insertRouteData([fix(1, 48.1, 11.5), fix(2, 48.1001, 11.5)])
        try await builder.endCollection(at: at(60))
        let workout = try #require(try await builder.finishWorkout())
        let routes = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: []).result(for: store)
        #expect((routes.first as? HKWorkoutRoute)?.count == 2)
    }

    /// A cycling workout whose builder's route gets `count` fixes in the batches `insert` makes of them: the
    /// store, the finished workout, its route and the fixes sent.
    func workoutWithRoute(of count: Int, insert: (HKWorkoutRouteBuilder, [CLLocation]) async throws -> Void) async throws
        -> (store: HKHealthStore, workout: HKWorkout, route: HKWorkoutRoute, fixes: [CLLocation]) {
        let (store, _) = try await makeAuthorizedStore([HKWorkoutType(), HKSeriesType.workoutRoute()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil, clock: VirtualClock(start: at(0)))
        let routeBuilder = try #require(builder.seriesBuilder(for: .workoutRoute()))
        try await builder.beginCollection(at: at(0))
        let fixes = (1...count).map { fix(Double($0), 48.1 + Double($0) * 1e-5, 11.5 + Double($0 % 97) * 1e-6) }
        try await insert(routeBuilder, fixes)
        try await builder.endCollection(at: at(Double(count + 100)))
        let workout = try #require(try await builder.finishWorkout())
        let routes = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: []).result(for: store)
        return (store, workout, try #require(routes.first as? HKWorkoutRoute), fixes)
    }

    /// Positions written one at a time, as a live 1 Hz receiver's are, extend
    /// the route's last chunk and read back one for one, in order, unchanged.
    @Test func positionsWrittenOneAtATimeReadBackUnchanged() async throws {
        let (store, _, route, fixes) = try await workoutWithRoute(of: 1_100) { routeBuilder, fixes in
            for fix in fixes { try await routeBuilder.insertRouteData([fix]) }
        }
        #expect(route.count == 1100)
        let locations = await routeLocations(route, in: store)
        #expect(locations.map(\.timestamp) == fixes.map(\.timestamp))
        #expect(locations.map(\.coordinate.latitude) == fixes.map(\.coordinate.latitude))
        #expect(locations.map(\.coordinate.longitude) == fixes.map(\.coordinate.longitude))
    }

    /// Batches larger than what the last chunk has room for, and a whole route saved at once, fill one chunk,
    /// start the next and read back unchanged: the last chunk's kept encoder never loses or repeats a position.
    @Test func batchesAcrossChunkBoundariesReadBackUnchanged() async throws {
        let (store, workout, route, fixes) = try await workoutWithRoute(of: 1_700) { routeBuilder, fixes in
            for start in stride(from: 0, to: 500, by: 100) { try await routeBuilder.insertRouteData(Array(fixes[start..<start + 100])) }
            try await routeBuilder.insertRouteData(Array(fixes[500..<1_700]))
        }
        #expect(route.count == 1_700)
        let locations = await routeLocations(route, in: store)
        #expect(locations.map(\.timestamp) == fixes.map(\.timestamp))
        #expect(locations.map(\.coordinate.longitude) == fixes.map(\.coordinate.longitude))

        let standalone = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await standalone.insertRouteData(fixes)
        let saved = try await standalone.finishRoute(with: workout, metadata: nil)
        #expect(await routeLocations(saved, in: store).map(\.timestamp) == fixes.map(\.timestamp))
    }
}

/// Collects batches from a handler.
final class NSLockedList: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var items: [CLLocation] = []
    func append(_ more: [CLLocation]) { lock.withLock { items += more } }
    var all: [CLLocation] { lock.withLock { items } }
}
