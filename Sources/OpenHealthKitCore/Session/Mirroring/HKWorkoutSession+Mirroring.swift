public import Foundation
import Synchronization

/// Mirroring a workout session to a companion, as a watch mirrors to its phone: here the
/// companion is another process on the machine (a second `workout` process, or an app) that
/// set ``HKHealthStore/workoutSessionMirroringStartHandler`` on a store at the same place.
/// They meet on a Unix socket (``HKHealthStore/companionSocketPath``). The mirror follows
/// the primary's state; its `pause()`, `resume()` and `end()` ask the primary; data goes
/// both ways; a side that goes away without stopping is reported to the other as a
/// disconnection.
extension HKWorkoutSession {
    /// Starts mirroring this (primary) session to the companion.
    ///
    /// - Throws: ``HKError/Code/errorHealthDataUnavailable`` when no companion listens;
    ///   ``HKError/Code/errorInvalidArgument`` for a mirrored session or one without a store.
    public func startMirroringToCompanionDevice() async throws {
        guard type == .primary, let healthStore else {
            throw HKError(.errorInvalidArgument, "Only a primary session with a health store mirrors to a companion.")
        }
        if mirror.withLock({ $0 }) != nil { return }
        // The mirror starts from what the app last asked for: a start asked just before is delivered first (its change
        // goes through the session's queue), or the mirror would begin not started and hear the start as a change.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in queue.async { continuation.resume() } }
        let path = healthStore.companionSocketPath
        // An untyped closure: a typed-throws one crashes Swift 6.3's SIL passes here.
        let connection = try await Task.detached { () throws -> MirrorConnection in try MirrorConnection.connect(to: path) }.value
        let start = MirrorStart(activityType: workoutConfiguration.activityType.rawValue, locationType: workoutConfiguration.locationType.rawValue,
                                state: state.rawValue, startDate: startDate)
        try connection.send(.start(start))
        mirror.withLock { $0 = connection }
        listen(to: connection)
    }

    /// Completion-handler form of ``startMirroringToCompanionDevice()``.
    @preconcurrency
    public func startMirroringToCompanionDevice(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.startMirroringToCompanionDevice() }
    }

    /// Stops mirroring: the mirror is told, and is not reported as disconnected.
    public func stopMirroringToCompanionDevice() async throws {
        guard let connection = mirror.withLock({ link -> MirrorConnection? in defer { link = nil }; return link }) else { return }
        connection.markStopped()
        try? connection.send(.stop)
        connection.close()
    }

    /// Completion-handler form of ``stopMirroringToCompanionDevice()``.
    @preconcurrency
    public func stopMirroringToCompanionDevice(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.stopMirroringToCompanionDevice() }
    }

    /// Sends the app's own bytes to the remote session, whose delegate receives them in order.
    ///
    /// - Throws: ``HKError/Code/errorHealthDataUnavailable`` while not mirroring or once the
    ///   other side is gone; ``HKError/Code/errorDataSizeExceeded`` over 16 MiB at once.
    public func sendToRemoteWorkoutSession(data: Data) async throws {
        guard let connection = mirror.withLock({ $0 }) else {
            throw HKError(.errorHealthDataUnavailable, "The session is not mirroring: start mirroring to the companion first.")
        }
        try await Task.detached { () throws in try connection.send(.data(data)) }.value
    }

    /// Completion-handler form of ``sendToRemoteWorkoutSession(data:)``.
    @preconcurrency
    public func sendToRemoteWorkoutSession(data: Data, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.sendToRemoteWorkoutSession(data: data) }
    }

    // MARK: Both sides

    /// A mirrored session, made on the companion from the primary's start message.
    convenience init(mirroring start: MirrorStart, connection: MirrorConnection, healthStore: HKHealthStore) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = HKWorkoutActivityType(rawValue: start.activityType) ?? .other
        configuration.locationType = HKWorkoutSessionLocationType(rawValue: start.locationType) ?? .unknown
        self.init(healthStore: healthStore, configuration: configuration, clock: SystemClock(), type: .mirrored)
        mirror.withLock { $0 = connection }
    }

    /// Hears the remote side on `connection` until it closes.
    func listen(to connection: MirrorConnection) {
        let session = WeakReference(self)
        connection.startReading { message in
            session.value?.receive(message)
        } onClose: { error in
            session.value?.remoteWentAway(connection, error: error)
        }
    }

    /// A message from the remote side: its state (on a mirror), its requests (on a primary), its data.
    func receive(_ message: MirrorMessage) {
        switch message {
        case .state(let to, _, let date):
            if type == .mirrored, let state = HKWorkoutSessionState(rawValue: to) { adoptRemoteState(state, date: date) }
        case .data(let data):
            queue.async { self.callDelegate { $0.workoutSession(self, didReceiveDataFromRemoteWorkoutSession: [data]) } }
        case .request(let action):
            guard type == .primary else { return }
            switch action {
            case "pause": pause()
            case "resume": resume()
            case "stop": stopActivity(with: nil)
            case "end": end()
            default: break
            }
        case .start, .stop:
            break
        }
    }

    /// The remote side's link closed: a disconnection, unless mirroring stopped or the workout ended.
    func remoteWentAway(_ connection: MirrorConnection, error: HKError?) {
        mirror.withLock { link in if link === connection { link = nil } }
        guard let error, state != .ended else { return }
        queue.async { self.callDelegate { $0.workoutSession(self, didDisconnectFromRemoteDeviceWithError: error) } }
    }

    /// Sends a primary's state change to its mirror; once ended, mirroring stops.
    func mirrorStateChange(to: HKWorkoutSessionState, from: HKWorkoutSessionState, date: Date) {
        guard type == .primary, let connection = mirror.withLock({ $0 }) else { return }
        try? connection.send(.state(to: to.rawValue, from: from.rawValue, date: date))
        if to == .ended {
            mirror.withLock { $0 = nil }
            connection.markStopped()
            try? connection.send(.stop)
            connection.close()
        }
    }

    /// A mirror's request, sent to its primary.
    func forwardToPrimary(_ event: WorkoutSessionEvent) {
        let action: String? = switch event {
        case .pause: "pause"
        case .resume: "resume"
        case .stop: "stop"
        case .end: "end"
        default: nil
        }
        guard let action else {
            let error = HKError(.errorInvalidArgument, "A mirrored session cannot \(event); its primary starts and prepares the workout.")
            queue.async { self.callDelegate { $0.workoutSession(self, didFailWithError: error) } }
            return
        }
        guard let connection = mirror.withLock({ $0 }) else {
            let error = HKError(.errorHealthDataUnavailable, "The primary workout session is gone; this mirror can no longer \(action) it.")
            queue.async { self.callDelegate { $0.workoutSession(self, didFailWithError: error) } }
            return
        }
        do { try connection.send(.request(action)) } catch {
            queue.async { self.callDelegate { $0.workoutSession(self, didFailWithError: error) } }
        }
    }
}
