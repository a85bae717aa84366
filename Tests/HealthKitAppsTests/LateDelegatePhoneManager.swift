import OpenHealthKit

/// A phone app that takes the mirrored session in its start handler but sets its delegate later, once its own
/// screen is up, as apps do when the handler only hands the session to a view model.
final class LateDelegatePhoneManager: NSObject, HKWorkoutSessionDelegate, @unchecked Sendable {
    let healthStore: HKHealthStore
    private let lock = NSLock()
    private var _session: HKWorkoutSession?
    private var _states: [HKWorkoutSessionState] = []
    var session: HKWorkoutSession? { lock.withLock { _session } }
    var states: [HKWorkoutSessionState] { lock.withLock { _states } }

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
        super.init()
        healthStore.workoutSessionMirroringStartHandler = { mirroredSession in
            self.lock.withLock { self._session = mirroredSession }
        }
    }

    /// The screen is up: from now on it listens.
    func screenAppeared() {
        session?.delegate = self
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {
        lock.withLock { _states.append(toState) }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
}
