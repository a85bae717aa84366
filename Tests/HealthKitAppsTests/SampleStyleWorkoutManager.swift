import OpenHealthKit

/// A workout manager written as Apple's SpeedySloth sample writes one, with nothing changed
/// but the import: it asks to share the workout only and to read what it shows
/// (proportional collection), lets `HKLiveWorkoutDataSource` collect, dates everything with
/// `Date()`, ends the builder from the session delegate, and keeps the latest figures as the
/// sample's `@Published` properties would (behind a lock instead: no SwiftUI here).
final class SampleStyleWorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let healthStore: HKHealthStore
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?

    private let lock = NSLock()
    private var _heartRate: Double = 0
    private var _activeEnergy: Double = 0
    private var _distance: Double = 0
    private var _energyReadings: [Double] = []
    private var _distanceReadings: [Double] = []
    private var _workout: HKWorkout?
    private var _error: (any Error)?

    var heartRate: Double { lock.withLock { _heartRate } }
    var activeEnergy: Double { lock.withLock { _activeEnergy } }
    var distance: Double { lock.withLock { _distance } }
    /// Every energy and distance figure shown, in order: they only grow.
    var energyReadings: [Double] { lock.withLock { _energyReadings } }
    var distanceReadings: [Double] { lock.withLock { _distanceReadings } }
    var workout: HKWorkout? { lock.withLock { _workout } }
    var error: (any Error)? { lock.withLock { _error } }

    init(healthStore: HKHealthStore = HKHealthStore()) {
        self.healthStore = healthStore
    }

    func requestAuthorization() async throws {
        // The quantity type to write to the health store.
        let typesToShare: Set = [HKQuantityType.workoutType()]
        // The quantity types to read from the health store.
        let typesToRead: Set = [
            HKQuantityType.quantityType(forIdentifier: .heartRate)!,
            HKQuantityType.quantityType(forIdentifier: .activeEnergyBurned)!,
            HKQuantityType.quantityType(forIdentifier: .distanceWalkingRunning)!,
            HKQuantityType.quantityType(forIdentifier: .distanceCycling)!,
            HKObjectType.activitySummaryType(),
        ]
        try await healthStore.requestAuthorization(toShare: typesToShare, read: typesToRead)
    }

    func startWorkout(workoutType: HKWorkoutActivityType) async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = workoutType
        configuration.locationType = .outdoor
        session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        builder = session?.associatedWorkoutBuilder()
        session?.delegate = self
        builder?.delegate = self
        builder?.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        let startDate = Date()
        session?.startActivity(with: startDate)
        try await builder?.beginCollection(at: startDate)
    }

    func pause() { session?.pause() }
    func resume() { session?.resume() }
    func endWorkout() { session?.end() }

    func updateForStatistics(_ statistics: HKStatistics?) {
        guard let statistics else { return }
        lock.withLock {
            switch statistics.quantityType {
            case HKQuantityType.quantityType(forIdentifier: .heartRate):
                let heartRateUnit = HKUnit.count().unitDivided(by: HKUnit.minute())
                _heartRate = statistics.mostRecentQuantity()?.doubleValue(for: heartRateUnit) ?? 0
            case HKQuantityType.quantityType(forIdentifier: .activeEnergyBurned):
                let energyUnit = HKUnit.kilocalorie()
                _activeEnergy = statistics.sumQuantity()?.doubleValue(for: energyUnit) ?? 0
                _energyReadings.append(_activeEnergy)
            case HKQuantityType.quantityType(forIdentifier: .distanceWalkingRunning), HKQuantityType.quantityType(forIdentifier: .distanceCycling):
                let meterUnit = HKUnit.meter()
                _distance = statistics.sumQuantity()?.doubleValue(for: meterUnit) ?? 0
                _distanceReadings.append(_distance)
            default:
                return
            }
        }
    }

    // MARK: HKWorkoutSessionDelegate

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        // Wait for the session to transition states before ending the builder.
        if toState == .ended {
            builder?.endCollection(withEnd: date) { success, error in
                self.builder?.finishWorkout { workout, error in
                    self.lock.withLock {
                        self._workout = workout
                        self._error = error
                    }
                }
            }
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        lock.withLock { _error = error }
    }

    // MARK: HKLiveWorkoutBuilderDelegate

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType else {
                return // Nothing to do.
            }
            let statistics = workoutBuilder.statistics(for: quantityType)
            // Update the published values.
            updateForStatistics(statistics)
        }
    }
}
