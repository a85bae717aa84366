import Foundation
import OpenHealthKit
import TestSupport
import Testing

/// A session in this process, primary, mirrored to `workout companion` in another, as a
/// watch's session is to its phone: state both ways, data both ways, and each side's death
/// reported to the other as a disconnection.
@Suite(.heavy, .timeLimit(.minutes(10)), .enabled(if: ExternalTool.has("socat"), "socat is missing (Scripts/setup installs it)")) struct CompanionCommandTests {
    /// The primary's delegate: what it hears from its mirror.
    final class PrimaryDelegate: HKWorkoutSessionDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var _received: [String] = []
        private var _disconnected: (any Error)?
        private var _states: [HKWorkoutSessionState] = []
        var received: [String] { lock.withLock { _received } }
        var disconnected: (any Error)? { lock.withLock { _disconnected } }
        var states: [HKWorkoutSessionState] { lock.withLock { _states } }

        func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {
            lock.withLock { _states.append(toState) }
        }
        func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
        func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {
            lock.withLock { _received += data.map { String(decoding: $0, as: UTF8.self) } }
        }
        func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?) {
            lock.withLock { _disconnected = error }
        }
    }

    func until(_ condition: () -> Bool) async throws {
        _ = try await eventually(within: .seconds(60)) { condition() }
    }

    /// A running primary on a store in a fresh folder, mirrored to a companion process on the same store.
    func mirroredPair(_ name: String) async throws -> (HKWorkoutSession, PrimaryDelegate, RecordingProcess) {
        let path = Scratch.url(name).appendingPathComponent("health.sqlite").path
        let companion = try RecordingProcess(["companion", "--store", path])
        try await companion.waitFor("listening at", timeout: 20)
        let store = HKHealthStore(location: .file(path))
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        let delegate = PrimaryDelegate()
        session.delegate = delegate
        session.startActivity(with: Date())
        try await until { delegate.states == [.running] }
        try await session.startMirroringToCompanionDevice()
        try await companion.waitFor("mirroring cycling (running)", timeout: 20)
        #expect(!companion.output.contains("state "), "the mirror arrives in the primary's state; only changes are reported")
        return (session, delegate, companion)
    }

    @Test func stateAndDataGoBothWaysAndTheCompanionEndsWithTheWorkout() async throws {
        let (session, delegate, companion) = try await mirroredPair("companion-both-ways")
        try await session.sendToRemoteWorkoutSession(data: Data(#"{"heartRate":142}"#.utf8))
        try await companion.waitFor(#"data {"heartRate":142}"#)
        companion.send("send hello from the phone")
        try await until { delegate.received == ["hello from the phone"] }
        #expect(delegate.received == ["hello from the phone"])
        // The mirror asks the primary to pause; the primary pauses, and the mirror follows.
        companion.send("pause")
        try await until { session.state == .paused }
        #expect(session.state == .paused)
        try await companion.waitFor("state paused", timeout: 20)
        session.resume()
        try await companion.waitFor("state running", timeout: 20)
        session.end()
        #expect(try await companion.finish() == 0)
        #expect(companion.output.contains("state ended"))
        #expect(delegate.disconnected == nil)
    }

    @Test func eachSideHearsTheOtherDieAsADisconnection() async throws {
        // The companion killed: the primary's delegate hears it, and the session runs on.
        let (session, delegate, companion) = try await mirroredPair("companion-killed")
        companion.kill()
        try await until { delegate.disconnected != nil }
        #expect((delegate.disconnected as? HKError)?.localizedDescription.contains("disconnected") == true, "\(String(describing: delegate.disconnected))")
        #expect(session.state == .running)
        await #expect(throws: HKError.self) { try await session.sendToRemoteWorkoutSession(data: Data("lost".utf8)) }
        session.end()

        // The primary's process killed: the companion says so and exits 1.
        let path = Scratch.url("companion-primary-killed").appendingPathComponent("health.sqlite").path
        let listening = try RecordingProcess(["companion", "--store", path])
        try await listening.waitFor("listening at", timeout: 20)
        let strap = try SocatPair()
        let primary = try RecordingProcess(["record", "--indoor", "--plain", "--allow-empty", "--mirror", "--hrm", strap.device, "--store", path])
        try await listening.waitFor("mirroring running (", timeout: 20)
        primary.kill()
        #expect(try await listening.finish() == 1)
        #expect(listening.output.contains("disconnected: "), "\(listening.output)")
    }
}
