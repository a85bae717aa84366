import Testing
import OpenHealthKit

@Suite struct WorkoutSessionStateMachineTests {
    /// HealthKit's table, written out independently of the implementation.
    static let table: [HKWorkoutSessionState: [WorkoutSessionEvent: HKWorkoutSessionState]] = [
        .notStarted: [.prepare: .prepared, .start: .running],
        .prepared: [.start: .running, .end: .ended],
        .running: [.pause: .paused, .stop: .stopped, .end: .ended],
        .paused: [.resume: .running, .stop: .stopped, .end: .ended],
        .stopped: [.end: .ended],
        .ended: [:],
    ]

    static let pairs: [(HKWorkoutSessionState, WorkoutSessionEvent)] =
        HKWorkoutSessionState.allCases.flatMap { state in WorkoutSessionEvent.allCases.map { (state, $0) } }

    @Test(arguments: pairs)
    func everyStateAndRequest(_ state: HKWorkoutSessionState, _ event: WorkoutSessionEvent) {
        var machine = WorkoutSessionStateMachine(state: state)
        let expected = Self.table[state]?[event]
        do {
            let next = try machine.apply(event)
            #expect(next == expected)
            #expect(machine.state == expected)
        } catch {
            #expect(expected == nil, "\(event) from \(state) should be legal")
            #expect(machine.state == state, "a refused request changed the state")
            #expect(error.code == .errorInvalidArgument)
            #expect(error.localizedDescription == "Unable to perform '\(event.rawValue)' from current state '\(state)'")
        }
    }

    @Test func anErrorEndsFromAnyState() {
        for state in HKWorkoutSessionState.allCases {
            var machine = WorkoutSessionStateMachine(state: state)
            #expect(machine.fail() == .ended)
        }
    }
}
