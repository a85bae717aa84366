public import Foundation
public import OpenHealthKitCore
import Synchronization
public import ScenarioModel

/// The session, live builder and data source a replay drives by default,
/// doing what a workout app does for each timeline action.
public final class ScenarioWorkout: NSObject, ScenarioDriver, HKWorkoutSessionDelegate, @unchecked Sendable {
    /// The session.
    public let session: HKWorkoutSession
    /// The session's builder.
    public let builder: HKLiveWorkoutBuilder
    /// The data source the readings go to.
    public let dataSource: HKLiveWorkoutDataSource
    /// The finished workout, once the timeline ends the session.
    public var workout: HKWorkout? { state.withLock { $0.workout } }
    /// Errors the session or builder reported, in order.
    public var errors: [String] { state.withLock { $0.errors } }
    /// The scenario's configuration.
    let configuration: HKWorkoutConfiguration

    private let state = Mutex(State())
    private struct State {
        var workout: HKWorkout?
        var errors: [String] = []
        var lastLap: Date?
        var lastSegment: Date?
    }

    /// Makes the session and builder in `store`, asking for the types a workout app would.
    ///
    /// - Parameter savingCollectedData: whether the data source saves the
    ///   samples, route and heartbeats it collects (the default); see
    ///   ``HKLiveWorkoutDataSource/savesCollectedData``.
    public init(scenario: Scenario, store: HKHealthStore, clock: any WorkoutClock, savingCollectedData: Bool = true) async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = scenario.activity
        configuration.locationType = scenario.location
        self.configuration = configuration
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [])
        dataSource.athleteProfile = scenario.athlete
        dataSource.savesCollectedData = savingCollectedData
        if scenario.activity == .swimBikeRun {
            for type in [HKQuantityType(.distanceCycling), HKQuantityType(.distanceSwimming), HKQuantityType(.cyclingPower), HKQuantityType(.cyclingCadence)] {
                dataSource.enableCollection(for: type, predicate: nil)
            }
        }
        if scenario.sensors.heartRate?.rrIntervals == true { dataSource.enableCollection(for: HKQuantityType(.heartRateVariabilitySDNN), predicate: nil) }
        if scenario.sensors.cadenceNoise != nil, scenario.activity == .cycling { dataSource.enableCollection(for: HKQuantityType(.cyclingCadence), predicate: nil) }
        var types: Set<HKSampleType> = Set(dataSource.typesToCollect.map { $0 as HKSampleType })
        types.formUnion([HKWorkoutType(), HKSeriesType.workoutRoute(), HKSeriesType.heartbeat()])
        try await store.requestAuthorization(toShare: types, read: types)
        session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        builder = session.associatedWorkoutBuilder()
        self.dataSource = dataSource
        super.init()
        session.delegate = self
        builder.dataSource = dataSource
    }

    /// The builder, once collection has begun.
    public var liveBuilder: HKLiveWorkoutBuilder? { builder }

    /// Does what a workout app does for `step`.
    public func perform(_ step: ScenarioStep, at date: Date) async throws {
        switch step {
        case .prepare: session.prepare()
        case .start:
            session.startActivity(with: date)
            try await record { try await builder.beginCollection(at: date) }
            state.withLock { $0.lastLap = date; $0.lastSegment = date }
        case .pause: session.pause()
        case .resume: session.resume()
        case .lap:
            let from = state.withLock { s -> Date? in defer { s.lastLap = date }; return s.lastLap }
            try await addEvent(.lap, from: from ?? date, to: date, name: nil)
        case .segment(let name):
            let from = state.withLock { s -> Date? in defer { s.lastSegment = date }; return s.lastSegment }
            try await addEvent(.segment, from: from ?? date, to: date, name: name)
        case .marker(let name):
            try await addEvent(.marker, from: date, to: date, name: name)
        case .activity(let type, let location):
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = type
            configuration.locationType = location
            session.beginNewActivity(configuration: configuration, date: date, metadata: nil)
        case .stop:
            if session.currentActivity.endDate == nil, builder.currentWorkoutActivity != nil { session.endCurrentActivity(on: date) }
            session.stopActivity(with: date)
            try await record { try await builder.endCollection(at: date) }
        case .end:
            // The session moves to ended on its own queue; its updates finish once it has, so the result reads its final state.
            let updates = session.updates()
            session.end()
            if builder.state == .active { try await record { try await builder.endCollection(at: date) } }
            if builder.state == .ended {
                try await record {
                    let workout = try await builder.finishWorkout()
                    state.withLock { $0.workout = workout }
                }
            }
            for await _ in updates {}
        case .move, .uTurn:
            break
        }
    }

    private func addEvent(_ type: HKWorkoutEventType, from start: Date, to end: Date, name: String?) async throws {
        let metadata: [String: Any]? = name.map { [OpenHealthKitMetadataKeyEventName: $0] }
        try await record { try await builder.addWorkoutEvents([HKWorkoutEvent(type: type, dateInterval: DateInterval(start: start, end: max(start, end)), metadata: metadata)]) }
    }

    /// Runs `body`, keeping its error for the result instead of stopping the replay.
    private func record(_ body: () async throws -> Void) async throws {
        do { try await body() } catch let error as CancellationError { throw error } catch {
            state.withLock { $0.errors.append("\(error)") }
        }
    }

    /// Ends a session and discards a builder the timeline left open, so no
    /// half-done workout waits for recovery in the store.
    func abandonIfUnfinished() async {
        if builder.state == .active || builder.state == .ended { builder.discardWorkout() }
        if session.state != .ended { session.end() }
    }

    /// Keeps the failure for the result.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        state.withLock { $0.errors.append("\(error)") }
    }

    /// Nothing to do: the runner reads the state when it needs it.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                               from fromState: HKWorkoutSessionState, date: Date) {}
}
