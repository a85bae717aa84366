public import Foundation
import Synchronization

extension HKWorkoutSessionDelegate {
    /// Does nothing: events are optional.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
    /// Does nothing: activity changes are optional.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date) {}
    /// Does nothing: activity changes are optional.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date) {}
    /// Does nothing: mirroring is optional.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {}
    /// Does nothing: mirroring is optional.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?) {}
}

/// A workout in progress: the state machine that turns sensors on and off and
/// feeds an ``HKLiveWorkoutBuilder``.
///
/// ```swift
/// let configuration = HKWorkoutConfiguration()
/// configuration.activityType = .running
/// let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
/// let builder = session.associatedWorkoutBuilder()
/// session.delegate = self
/// session.startActivity(with: Date())
/// try await builder.beginCollection(at: Date())
/// ```
///
/// Requests return at once. A request the transition table forbids (see
/// ``WorkoutSessionStateMachine``) leaves the state unchanged and reaches the
/// delegate as an ``HKError/Code/errorInvalidArgument`` error. ``state`` changes
/// when the delegate hears of it, so it can lag a request, as on a watch.
public final class HKWorkoutSession: @unchecked Sendable {
    // Mutable state lives in `storage` behind a lock; delegate calls go through `queue`.

    /// An update, as the ``updates()`` stream delivers it.
    public enum Update: Sendable {
        /// The state changed.
        case stateChanged(to: HKWorkoutSessionState, from: HKWorkoutSessionState, date: Date)
        /// A request failed or an error ended the session.
        case failed(HKError)
        /// The session generated an event.
        case event(HKWorkoutEvent)
        /// A multisport activity began.
        case activityBegan(HKWorkoutConfiguration, date: Date)
        /// A multisport activity ended.
        case activityEnded(HKWorkoutConfiguration, date: Date)
    }

    /// The session's main configuration.
    public let workoutConfiguration: HKWorkoutConfiguration
    /// The store the session saves to.
    public let healthStore: HKHealthStore?
    /// The clock the session reads "now" from.
    public let clock: any WorkoutClock
    /// Whether the session was created here or mirrored from another device.
    public let type: HKWorkoutSessionType
    /// The link to the remote counterpart while mirroring.
    let mirror = Mutex<MirrorConnection?>(nil)

    let queue = DispatchQueue(label: "org.openhealthkit.workout-session")
    private let delegateReference = WeakDelegate<any HKWorkoutSessionDelegate>()
    private let storage = Mutex(Storage())

    private struct Storage {
        var machine = WorkoutSessionStateMachine()
        var state: HKWorkoutSessionState = .notStarted
        var startDate: Date?
        var endDate: Date?
        var builder: HKLiveWorkoutBuilder?
        var currentActivity: HKWorkoutActivity?
        var streams: [UUID: AsyncStream<Update>.Continuation] = [:]
        /// A mirrored session's delegate calls made before its app set a delegate, in order.
        var pendingDelegateCalls: [@Sendable (any HKWorkoutSessionDelegate) -> Void] = []
    }

    /// The running session of each store: a store stands for one device, and a
    /// device runs one workout session at a time.
    private static let active = Mutex<[StoreLocation: WeakSession]>([:])
    private struct WeakSession: @unchecked Sendable { weak var session: HKWorkoutSession? }

    /// Creates a session on the wall clock.
    ///
    /// - Throws: ``HKError/Code/errorWorkoutActivityNotAllowed`` for activity
    ///   types sessions refuse (underwater diving), as HealthKit does.
    public convenience init(healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        try self.init(healthStore: healthStore, configuration: workoutConfiguration, clock: SystemClock())
    }

    /// Creates a session on `clock`.
    public convenience init(healthStore: HKHealthStore?, configuration workoutConfiguration: HKWorkoutConfiguration, clock: any WorkoutClock) throws {
        guard workoutConfiguration.activityType != .underwaterDiving else {
            throw HKError(.errorWorkoutActivityNotAllowed, "Workout sessions are not allowed for activity type \(workoutConfiguration.activityType)")
        }
        self.init(healthStore: healthStore, configuration: workoutConfiguration, clock: clock, type: .primary)
    }

    init(healthStore: HKHealthStore?, configuration workoutConfiguration: HKWorkoutConfiguration, clock: any WorkoutClock, type: HKWorkoutSessionType) {
        self.healthStore = healthStore
        self.workoutConfiguration = workoutConfiguration.copy()
        self.clock = clock
        self.type = type
    }

    /// The session's state, as last reported to the delegate.
    public var state: HKWorkoutSessionState { storage.withLock { $0.state } }
    /// Recreates a session and its builder from persisted state after a crash.
    convenience init(recovering state: PersistedWorkout, workoutUUID: UUID, samples: [HKSample],
                     healthStore: HKHealthStore, clock: any WorkoutClock) throws {
        try self.init(healthStore: healthStore, configuration: HKWorkoutConfiguration(values: state.configuration), clock: clock)
        let sessionState = HKWorkoutSessionState(rawValue: state.sessionState) ?? .notStarted
        let builder = HKLiveWorkoutBuilder(healthStore: healthStore, configuration: workoutConfiguration, device: .local(), clock: clock,
                                           session: self, workoutUUID: workoutUUID)
        builder.restore(state: state, samples: samples)
        storage.withLock { s in
            s.machine = WorkoutSessionStateMachine(state: sessionState)
            s.state = sessionState
            s.startDate = state.sessionStart
            s.endDate = state.sessionEnd
            s.builder = builder
        }
    }

    /// The session's part of the persisted state: its reported state and dates.
    func persistedParts() -> (state: Int, start: Date?, end: Date?) {
        storage.withLock { ($0.machine.state.rawValue, $0.startDate, $0.endDate) }
    }

    /// The state the latest accepted request leads to, ahead of ``state``.
    var requestedState: HKWorkoutSessionState { storage.withLock { $0.machine.state } }

    /// When the session started running.
    public var startDate: Date? { storage.withLock { $0.startDate } }
    /// When the session ended.
    public var endDate: Date? { storage.withLock { $0.endDate } }

    /// The delegate, held weakly.
    ///
    /// A mirrored session keeps what happened before its app set a delegate (a phone app often sets it a moment
    /// after the mirroring start handler gave it the session), and the delegate hears it first, in order, as with
    /// HealthKit.
    public var delegate: (any HKWorkoutSessionDelegate)? {
        get { delegateReference.value }
        set {
            delegateReference.value = newValue
            guard newValue != nil, type == .mirrored else { return }
            queue.async { [self] in
                guard let delegate else { return }
                let calls = storage.withLock { s in
                    defer { s.pendingDelegateCalls = [] }
                    return s.pendingDelegateCalls
                }
                for call in calls { call(delegate) }
            }
        }
    }

    /// On the session's queue: calls the delegate, or, on a mirrored session whose app has not set one yet, keeps
    /// the call for the delegate it sets.
    func callDelegate(_ call: @escaping @Sendable (any HKWorkoutSessionDelegate) -> Void) {
        if let delegate {
            call(delegate)
        } else if type == .mirrored {
            storage.withLock { $0.pendingDelegateCalls.append(call) }
        }
    }

    /// Updates as an async sequence, beside the delegate: each call returns a
    /// new stream that sees every update from then on, and finishes when the session ends.
    public func updates() -> AsyncStream<Update> {
        let (stream, continuation) = AsyncStream<Update>.makeStream()
        let id = UUID()
        let ended = storage.withLock { s -> Bool in
            if s.state == .ended { return true }
            s.streams[id] = continuation
            return false
        }
        if ended { continuation.finish() }
        continuation.onTermination = { [weak self] _ in self?.storage.withLock { _ = $0.streams.removeValue(forKey: id) } }
        return stream
    }

    /// The live builder for this session: made on the first call, the same object after.
    public func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        guard let healthStore else { fatalError("associatedWorkoutBuilder() requires a session created with a health store") }
        return storage.withLock { s in
            if let builder = s.builder { return builder }
            let builder = HKLiveWorkoutBuilder(healthStore: healthStore, configuration: workoutConfiguration, device: .local(),
                                               clock: clock, session: self)
            s.builder = builder
            return builder
        }
    }

    // MARK: Requests

    /// Enters session mode without collecting data, for a countdown.
    public func prepare() {
        request(.prepare, date: clock.now)
    }

    /// Starts the workout at `date` (now when `nil`).
    public func startActivity(with date: Date?) {
        request(.start, date: date ?? clock.now)
    }

    /// Pauses, generating a ``HKWorkoutEventType/pause`` event.
    public func pause() {
        request(.pause, date: clock.now)
    }

    /// Resumes, generating a ``HKWorkoutEventType/resume`` event.
    public func resume() {
        request(.resume, date: clock.now)
    }

    /// Pauses as of `date`, for auto-pause dated by the receiver's fixes.
    package func pause(at date: Date) {
        request(.pause, date: date)
    }

    /// Resumes as of `date`, for auto-pause dated by the receiver's fixes.
    package func resume(at date: Date) {
        request(.resume, date: date)
    }

    /// Stops collecting data at `date` (now when `nil`); the app may still save.
    public func stopActivity(with date: Date?) {
        request(.stop, date: date ?? clock.now)
    }

    /// Ends the session for good.
    public func end() {
        request(.end, date: clock.now)
    }

    private func request(_ event: WorkoutSessionEvent, date: Date) {
        // A mirror asks its primary, whose state then comes back.
        if type == .mirrored {
            forwardToPrimary(event)
            return
        }
        let outcome = storage.withLock { s -> Result<HKWorkoutSessionState, HKError> in
            if event == .stop, let start = s.startDate, date < start {
                return .failure(HKError(.errorInvalidArgument, "The stop date \(date.formatted(.iso8601)) is before the start date \(start.formatted(.iso8601))"))
            }
            do throws(HKError) {
                return .success(try s.machine.apply(event))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .failure(let error):
            deliver { [self] delegate in delegate.workoutSession(self, didFailWithError: error) } update: { .failed(error) }
        case .success(let to):
            if event == .prepare || event == .start { takeOverFromOtherSessions() }
            if event == .pause || event == .resume {
                let generated = HKWorkoutEvent(type: event == .pause ? .pause : .resume, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
                let builder = storage.withLock { $0.builder }
                builder?.sessionGenerated(generated)
                deliver { [self] delegate in delegate.workoutSession(self, didGenerate: generated) } update: { .event(generated) }
            }
            changeState(to: to, date: date)
        }
    }

    /// Takes the primary's state, for a mirrored session: its own machine follows, so that its
    /// state and requests are what the primary's are.
    func adoptRemoteState(_ state: HKWorkoutSessionState, date: Date) {
        storage.withLock { s in
            s.machine = WorkoutSessionStateMachine(state: state)
            if state == .running, s.startDate == nil { s.startDate = date }
        }
        changeState(to: state, date: date)
    }

    /// Starts a mirrored session in the primary's state, before anyone listens: the app
    /// receiving it sees that state, and hears changes from then on.
    func startMirrored(in state: HKWorkoutSessionState, since start: Date?) {
        storage.withLock { s in
            s.machine = WorkoutSessionStateMachine(state: state)
            s.state = state
            s.startDate = start
        }
    }

    /// Reports an event the session generated itself (motion pauses and
    /// resumes): to the builder, the delegate and the update streams.
    func generate(_ event: HKWorkoutEvent) {
        storage.withLock { $0.builder }?.sessionGenerated(event)
        deliver { [self] delegate in delegate.workoutSession(self, didGenerate: event) } update: { .event(event) }
    }

    /// Moves the reported state on the delegate queue and tells everyone.
    func changeState(to: HKWorkoutSessionState, date: Date) {
        queue.async { [self] in
            let (from, builder) = storage.withLock { s -> (HKWorkoutSessionState, HKLiveWorkoutBuilder?) in
                let from = s.state
                s.state = to
                if to == .running, s.startDate == nil { s.startDate = date }
                if to == .ended { s.endDate = date }
                return (from, s.builder)
            }
            guard from != to else { return }
            builder?.sessionDidChange(to: to, date: date)
            callDelegate { [self] in $0.workoutSession(self, didChangeTo: to, from: from, date: date) }
            broadcast(.stateChanged(to: to, from: from, date: date))
            mirrorStateChange(to: to, from: from, date: date)
            if to == .ended { finishStreams() }
        }
    }

    func deliver(_ call: @escaping @Sendable (any HKWorkoutSessionDelegate) -> Void, update: @escaping @Sendable () -> Update) {
        queue.async { [self] in
            callDelegate(call)
            broadcast(update())
        }
    }

    private func broadcast(_ update: Update) {
        for continuation in storage.withLock({ Array($0.streams.values) }) { continuation.yield(update) }
    }

    private func finishStreams() {
        let continuations = storage.withLock { s -> [AsyncStream<Update>.Continuation] in
            defer { s.streams.removeAll() }
            return Array(s.streams.values)
        }
        for continuation in continuations { continuation.finish() }
    }

    /// Only one session runs per device (store): starting this one ends any other.
    private func takeOverFromOtherSessions() {
        guard let location = healthStore?.location else { return }
        let previous = Self.active.withLock { sessions -> HKWorkoutSession? in
            defer { sessions[location] = WeakSession(session: self) }
            let current = sessions[location]?.session
            return current === self ? nil : current
        }
        previous?.failAndEnd(HKError(.errorAnotherWorkoutSessionStarted, "Another workout session started"))
    }

    /// Reports `error` and then ends the session, from any state.
    func failAndEnd(_ error: HKError) {
        let wasEnded = storage.withLock { s -> Bool in
            let ended = s.machine.state == .ended
            _ = s.machine.fail()
            return ended
        }
        guard !wasEnded else { return }
        deliver { [self] delegate in delegate.workoutSession(self, didFailWithError: error) } update: { .failed(error) }
        changeState(to: .ended, date: clock.now)
    }

    // MARK: Multisport

    /// The activity in progress: the last one begun, or one made from the main
    /// configuration and the start date when none has begun.
    public var currentActivity: HKWorkoutActivity {
        storage.withLock { s in
            s.currentActivity ?? HKWorkoutActivity(uuid: UUID(), configuration: workoutConfiguration.copy(),
                                                   start: s.startDate ?? clock.now, end: nil, metadata: nil, events: [], statistics: [:])
        }
    }

    /// Switches to a new activity (swim, bike, run …) at `date`.
    public func beginNewActivity(configuration: HKWorkoutConfiguration, date: Date, metadata: [String: Any]?) {
        let activity = HKWorkoutActivity(uuid: ObjectUUID.next(), configuration: configuration.copy(), start: date, end: nil,
                                         metadata: metadata, events: [], statistics: [:])
        let builder = storage.withLock { s -> HKLiveWorkoutBuilder? in
            s.currentActivity = activity
            return s.builder
        }
        builder?.sessionBeganActivity(activity)
        let copy = configuration.copy()
        deliver { [self] delegate in delegate.workoutSession(self, didBeginActivityWith: copy, date: date) } update: { .activityBegan(copy, date: date) }
    }

    /// Ends the current activity at `date`, returning to the main activity.
    public func endCurrentActivity(on date: Date) {
        let (ended, builder) = storage.withLock { s -> (HKWorkoutActivity?, HKLiveWorkoutBuilder?) in
            defer { s.currentActivity = nil }
            return (s.currentActivity, s.builder)
        }
        guard let ended else { return }
        builder?.sessionEndedActivity(ended.uuid, at: date)
        let configuration = ended.workoutConfiguration
        deliver { [self] delegate in delegate.workoutSession(self, didEndActivityWith: configuration, date: date) } update: { .activityEnded(configuration, date: date) }
    }
}

