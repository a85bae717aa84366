#if canImport(HealthKit)
import HealthKit
#else
import OpenHealthKit
#endif
import Foundation
import Observation

/// A watch app's workout manager in the shape of Apple's SpeedySloth and "Building a multidevice workout app"
/// samples: it asks for authorization, starts a session with its live builder and data source, pauses and resumes,
/// ends, and shows the live figures as the builder reports them.
///
/// It differs from the samples in one seam: the session comes from ``sessionFactory`` and the start date is a
/// parameter, so that a test can run it on a virtual clock (on a watch, both default to HealthKit's own).
@MainActor
@Observable
public final class WorkoutManager: NSObject {
    public let healthStore: HKHealthStore
    /// Where sessions come from: `HKWorkoutSession(healthStore:configuration:)` unless a test says otherwise.
    @ObservationIgnored
    public var sessionFactory: (HKHealthStore, HKWorkoutConfiguration) throws -> HKWorkoutSession = { store, configuration in
        try HKWorkoutSession(healthStore: store, configuration: configuration)
    }

    public private(set) var session: HKWorkoutSession?
    public private(set) var builder: HKLiveWorkoutBuilder?

    // What the workout screen shows.
    public private(set) var running = false
    public private(set) var heartRate: Double = 0
    public private(set) var averageHeartRate: Double = 0
    public private(set) var activeEnergy: Double = 0
    public private(set) var distance: Double = 0
    /// How many heart rates the screen has shown.
    public private(set) var heartRateUpdates = 0
    /// How often the screen showed the workout paused.
    public private(set) var pausesShown = 0
    /// The saved workout, for the summary screen.
    public private(set) var workout: HKWorkout?
    public private(set) var lastError: (any Error)?

    public init(healthStore: HKHealthStore = HKHealthStore()) {
        self.healthStore = healthStore
    }

    /// Asks to share workouts and read what the screen shows.
    public func requestAuthorization() async throws {
        let typesToShare: Set = [HKQuantityType.workoutType()]
        let typesToRead: Set = [
            HKQuantityType.quantityType(forIdentifier: .heartRate)!,
            HKQuantityType.quantityType(forIdentifier: .activeEnergyBurned)!,
            HKQuantityType.quantityType(forIdentifier: .distanceWalkingRunning)!,
            HKQuantityType.quantityType(forIdentifier: .distanceCycling)!,
            HKObjectType.activitySummaryType(),
        ]
        try await healthStore.requestAuthorization(toShare: typesToShare, read: typesToRead)
    }

    /// Starts a workout of `workoutType`, now unless `startDate` says otherwise.
    public func startWorkout(workoutType: HKWorkoutActivityType, at startDate: Date = Date()) async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = workoutType
        configuration.locationType = .outdoor
        session = try sessionFactory(healthStore, configuration)
        builder = session?.associatedWorkoutBuilder()
        session?.delegate = self
        builder?.delegate = self
        builder?.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        session?.startActivity(with: startDate)
        try await builder?.beginCollection(at: startDate)
    }

    public func togglePause() {
        if running { pause() } else { resume() }
    }

    public func pause() { session?.pause() }
    public func resume() { session?.resume() }
    public func endWorkout() { session?.end() }

    /// Shows one of the builder's statistics.
    func updateForStatistics(_ statistics: HKStatistics?) {
        guard let statistics else { return }
        switch statistics.quantityType {
        case HKQuantityType.quantityType(forIdentifier: .heartRate):
            let heartRateUnit = HKUnit.count().unitDivided(by: HKUnit.minute())
            heartRate = statistics.mostRecentQuantity()?.doubleValue(for: heartRateUnit) ?? 0
            averageHeartRate = statistics.averageQuantity()?.doubleValue(for: heartRateUnit) ?? 0
            heartRateUpdates += 1
        case HKQuantityType.quantityType(forIdentifier: .activeEnergyBurned):
            activeEnergy = statistics.sumQuantity()?.doubleValue(for: HKUnit.kilocalorie()) ?? 0
        case HKQuantityType.quantityType(forIdentifier: .distanceWalkingRunning), HKQuantityType.quantityType(forIdentifier: .distanceCycling):
            distance = statistics.sumQuantity()?.doubleValue(for: HKUnit.meter()) ?? 0
        default:
            return
        }
    }

    /// The session's new state, on the main actor.
    func sessionChanged(to toState: HKWorkoutSessionState, date: Date) {
        running = toState == .running
        if toState == .paused { pausesShown += 1 }
        // Wait for the session to transition states before ending the builder, as the samples do: the completion
        // handlers capture the builder, as an app's do.
        if toState == .ended {
            builder?.endCollection(withEnd: date) { success, error in
                self.builder?.finishWorkout { workout, error in
                    Task { @MainActor in
                        self.workout = workout
                        self.lastError = error
                    }
                }
            }
        }
    }
}

// MARK: - HKWorkoutSessionDelegate

extension WorkoutManager: HKWorkoutSessionDelegate {
    nonisolated public func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                                           from fromState: HKWorkoutSessionState, date: Date) {
        Task { @MainActor in self.sessionChanged(to: toState, date: date) }
    }

    nonisolated public func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        Task { @MainActor in self.lastError = error }
    }
}

// MARK: - HKLiveWorkoutBuilderDelegate

extension WorkoutManager: HKLiveWorkoutBuilderDelegate {
    nonisolated public func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}

    nonisolated public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType else { return }
            let statistics = workoutBuilder.statistics(for: quantityType)
            Task { @MainActor in self.updateForStatistics(statistics) }
        }
    }
}
