import OpenHealthKit

/// The watch side of an app in the style of Apple's multi-device workout sample: it mirrors
/// its session to the companion and sends each collected statistic there, archived with
/// `NSKeyedArchiver`.
final class WatchWorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let healthStore: HKHealthStore
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    private let lock = NSLock()
    private var _sent = 0
    private var _received: [String] = []
    var statisticsSent: Int { lock.withLock { _sent } }
    var received: [String] { lock.withLock { _received } }

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
    }

    func startWorkout() async throws {
        try await healthStore.requestAuthorization(toShare: [HKQuantityType.workoutType()],
                                                   read: [HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned), HKQuantityType(.distanceWalkingRunning)])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        builder = session?.associatedWorkoutBuilder()
        session?.delegate = self
        builder?.delegate = self
        builder?.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        let startDate = Date()
        session?.startActivity(with: startDate)
        try await builder?.beginCollection(at: startDate)
        try await session?.startMirroringToCompanionDevice()
    }

    func sendData(_ data: Data) async {
        do {
            try await session?.sendToRemoteWorkoutSession(data: data)
        } catch {
            print("Failed to send data: \(error)")
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {
        lock.withLock { _received += data.map { String(decoding: $0, as: UTF8.self) } }
    }
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType, let statistics = workoutBuilder.statistics(for: quantityType) else { continue }
            guard let archivedData = try? NSKeyedArchiver.archivedData(withRootObject: statistics, requiringSecureCoding: true) else { continue }
            lock.withLock { _sent += 1 }
            Task { await self.sendData(archivedData) }
        }
    }
}

/// The phone side: its store's mirroring handler receives the watch's session, whose data
/// it unarchives into the figures it shows, and it can end the workout from the phone.
final class PhoneWorkoutManager: NSObject, HKWorkoutSessionDelegate, @unchecked Sendable {
    let healthStore: HKHealthStore
    private let lock = NSLock()
    private var _session: HKWorkoutSession?
    private var _heartRate: Double = 0
    private var _states: [HKWorkoutSessionState] = []
    var session: HKWorkoutSession? { lock.withLock { _session } }
    var heartRate: Double { lock.withLock { _heartRate } }
    var states: [HKWorkoutSessionState] { lock.withLock { _states } }

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
        super.init()
        healthStore.workoutSessionMirroringStartHandler = { mirroredSession in
            self.lock.withLock { self._session = mirroredSession }
            mirroredSession.delegate = self
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {
        lock.withLock { _states.append(toState) }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}

    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {
        for anElement in data {
            guard let statistics = try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKStatistics.self, from: anElement) else { continue }
            if statistics.quantityType == HKQuantityType(.heartRate) {
                let value = statistics.mostRecentQuantity()?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())) ?? 0
                lock.withLock { _heartRate = value }
            }
        }
    }
}
