import Foundation
import Testing
import OpenHealthKit

/// Records every delegate call, in order.
final class SessionRecorder: HKWorkoutSessionDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    let (stream, continuation) = AsyncStream<String>.makeStream()

    private func record(_ entry: String) {
        lock.withLock { entries.append(entry) }
        continuation.yield(entry)
    }

    var log: [String] { lock.withLock { entries } }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {
        record("\(fromState)->\(toState)")
    }
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        record("fail: \((error as? HKError)?.localizedDescription ?? "\(error)")")
    }
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {
        record("event: \(event.type)")
    }
    func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date) {
        record("begin: \(workoutConfiguration.activityType)")
    }
    func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date) {
        record("end: \(workoutConfiguration.activityType)")
    }

    /// Waits until `count` entries have been recorded (or the test is cancelled).
    func waitFor(_ count: Int) async -> [String] {
        var iterator = stream.makeAsyncIterator()
        while log.count < count, !Task.isCancelled, await iterator.next() != nil {}
        return log
    }
}

@Suite(.timeLimit(.minutes(10)), .serialized) struct HKWorkoutSessionTests {
    func makeSession(_ activity: HKWorkoutActivityType = .running, clock: VirtualClock = VirtualClock(start: at(0)),
                     store: HKHealthStore = makeTemporaryStore().0) throws -> (HKWorkoutSession, SessionRecorder) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        let recorder = SessionRecorder()
        session.delegate = recorder
        return (session, recorder)
    }

    @Test func aFullWorkoutReportsStatesAndEventsInOrder() async throws {
        let clock = VirtualClock(start: at(0))
        let (session, recorder) = try makeSession(clock: clock)
        session.prepare()
        session.startActivity(with: nil)
        clock.advance(by: 60)
        session.pause()
        clock.advance(by: 30)
        session.resume()
        session.stopActivity(with: nil)
        session.end()
        let log = await recorder.waitFor(8)
        #expect(log == ["NotStarted->Prepared", "Prepared->Running", "event: pause", "Running->Paused",
                        "event: resume", "Paused->Running", "Running->Stopped", "Stopped->Ended"])
        #expect(session.state == .ended)
        #expect(session.startDate == at(0))
        #expect(session.endDate == at(90))
    }

    @Test func anIllegalRequestFailsAndLeavesTheStateAlone() async throws {
        let (session, recorder) = try makeSession()
        session.pause()
        session.end()
        session.startActivity(with: nil)
        session.resume()
        let log = await recorder.waitFor(4)
        #expect(log == ["fail: Unable to perform 'pause' from current state 'NotStarted'",
                        "fail: Unable to perform 'end' from current state 'NotStarted'",
                        "NotStarted->Running",
                        "fail: Unable to perform 'resume' from current state 'Running'"])
        #expect(session.state == .running)
        session.end()
    }

    @Test func startingASecondSessionEndsTheFirstWithTheErrorFirst() async throws {
        let store = makeTemporaryStore().0
        let (first, firstRecorder) = try makeSession(store: store)
        first.startActivity(with: nil)
        _ = await firstRecorder.waitFor(1)
        let (second, _) = try makeSession(.cycling, store: store)
        second.startActivity(with: nil)
        let log = await firstRecorder.waitFor(3)
        #expect(log == ["NotStarted->Running", "fail: Another workout session started", "Running->Ended"])
        second.end()
    }

    @Test func updatesStreamSeesTheSameChanges() async throws {
        let (session, _) = try makeSession()
        let updates = session.updates()
        session.startActivity(with: nil)
        session.pause()
        session.end()
        var seen: [String] = []
        for await update in updates {
            switch update {
            case .stateChanged(let to, let from, _): seen.append("\(from)->\(to)")
            case .event(let event): seen.append("event: \(event.type)")
            case .failed(let error): seen.append("fail: \(error.code)")
            case .activityBegan, .activityEnded: seen.append("activity")
            }
        }
        #expect(seen == ["NotStarted->Running", "event: pause", "Running->Paused", "Paused->Ended"])
    }

    @Test func underwaterDivingIsRefused() {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .underwaterDiving
        #expect(throws: HKError.self) { try HKWorkoutSession(healthStore: HKHealthStore(location: .inMemory), configuration: configuration) }
    }

    @Test func multisportActivitiesAreReportedAndBuilt() async throws {
        let clock = VirtualClock(start: at(0))
        let (session, recorder) = try makeSession(.swimBikeRun, clock: clock)
        let builder = session.associatedWorkoutBuilder()
        #expect(session.associatedWorkoutBuilder() === builder)
        session.startActivity(with: nil)
        #expect(session.currentActivity.workoutConfiguration.activityType == .swimBikeRun)
        for (index, leg) in [HKWorkoutActivityType.swimming, .cycling, .running].enumerated() {
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = leg
            session.beginNewActivity(configuration: configuration, date: at(Double(index) * 1000), metadata: nil)
            #expect(session.currentActivity.workoutConfiguration.activityType == leg)
            session.endCurrentActivity(on: at(Double(index) * 1000 + 900))
        }
        let log = await recorder.waitFor(7)
        #expect(log == ["NotStarted->Running", "begin: swimming", "end: swimming", "begin: cycling", "end: cycling", "begin: running", "end: running"])
        #expect(builder.workoutActivities.map(\.workoutConfiguration.activityType) == [.swimming, .cycling, .running])
        #expect(builder.workoutActivities.map(\.endDate) == [at(900), at(1900), at(2900)])
        session.end()
    }
}
