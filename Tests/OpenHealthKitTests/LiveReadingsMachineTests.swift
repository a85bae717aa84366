import Foundation
import PropertyBased
import Testing
@testable import OpenHealthKitCore

/// The live readings machine, driven directly: no store, no session, no clock.
@Suite struct LiveReadingsMachineTests {
    /// An outdoor run's machine, with an athlete so that energy is derived.
    func runMachine(autoPause: AutoPauseDetector.Thresholds? = nil, autoPausesSession: Bool = false) -> LiveReadingsMachine {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        var machine = LiveReadingsMachine(configuration: configuration)
        machine.profile = AthleteProfile(sex: .female, age: 30, massKilograms: 60, heightCentimeters: 168)
        machine.autoPause = autoPause.map(AutoPauseDetector.init)
        machine.autoPausesSession = autoPausesSession
        return machine
    }

    /// A fix `meters` north of 48° N at `seconds`, moving at `speed`.
    func fix(_ seconds: Double, north meters: Double, speed: Double = 3) -> CLLocation {
        CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + meters / 111_200, longitude: 11), altitude: 500,
                   horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: speed, timestamp: at(seconds))
    }

    let running = LiveReadingsMachine.Moment.running(since: at(0))
    let paused = LiveReadingsMachine.Moment(sessionRunning: false, sessionPaused: true, workoutStart: at(0), collecting: true, leg: nil)

    /// The derived quantities of `type` among `actions`, summed.
    func derivedSum(_ actions: [LiveReadingsMachine.Action], of type: HKQuantityType) -> Double {
        actions.reduce(0) { total, action in
            if case .derive(let quantity) = action, quantity.type == type { return total + quantity.value }
            return total
        }
    }

    @Test func aPositionWhileRunningGivesTheRouteDistanceSpeedAndEnergy() {
        var machine = runMachine()
        let first = machine.absorb(.location(fix(0, north: 0)), at: running)
        #expect(first.count == 2, "the first fix: the route and a speed sample, no distance yet: \(first)")
        let second = machine.absorb(.location(fix(1, north: 3)), at: running)
        let distance = derivedSum(second, of: HKQuantityType(.distanceWalkingRunning))
        #expect(abs(distance - 3) < 0.01)
        #expect(derivedSum(second, of: HKQuantityType(.runningSpeed)) == 3)
        #expect(derivedSum(second, of: HKQuantityType(.activeEnergyBurned)) > 0, "METs from the speed, with a profile")
        #expect(machine.locationCount == 2)
        #expect(machine.latestLocation?.timestamp == at(1))
        #expect(abs(machine.distance.total - distance) < 1e-9)
    }

    @Test func readingsWhileNotRunningDoNothingButStatuses() {
        var machine = runMachine()
        let stopped = LiveReadingsMachine.Moment(sessionRunning: false, sessionPaused: false, workoutStart: at(0), collecting: true, leg: nil)
        #expect(machine.absorb(.quantity(heartRateSample(150, at: 1)), at: stopped).isEmpty)
        #expect(machine.absorb(.location(fix(1, north: 0)), at: paused).isEmpty, "auto-pause is off: a paused session ignores positions")
        #expect(machine.absorb(.heartbeat(interval: 0.4, date: at(1)), at: paused).isEmpty)
        #expect(machine.locationCount == 0)
        let gone = WorkoutSourceStatus(source: "gps", kind: .fix3D, date: at(2), detail: "")
        #expect(machine.absorb(.status(gone), at: paused).isEmpty, "a first fix is not a marker")
        let lost = machine.absorb(.status(WorkoutSourceStatus(source: "gps", kind: .noFix, date: at(3), detail: "")), at: paused)
        guard case .mark(let event)? = lost.first else {
            Issue.record("losing the fix while collecting marks the workout: \(lost)")
            return
        }
        #expect(event.dateInterval.start == at(3))
        #expect(machine.statuses["gps"]?.kind == .noFix)
    }

    @Test func uncollectedTypesAndTheStrapsEnergyAreDropped() {
        var machine = runMachine()
        machine.types.remove(heartRate)
        #expect(machine.absorb(.quantity(heartRateSample(150, at: 1)), at: running).isEmpty)
        let strapEnergy = HKQuantitySample(type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 5),
                                           start: at(1), end: at(2))
        #expect(machine.absorb(.quantity(strapEnergy), at: running).isEmpty, "a model applies with a profile: the strap's field is dropped")
        machine.types.insert(heartRate)
        let collected = machine.absorb(.quantity(heartRateSample(150, at: 3)), at: running).filter { if case .collect = $0 { true } else { false } }
        #expect(collected.count == 1, "collected again once its type is")
    }

    @Test func autoPausePausesTheSessionAndResumesItWithThePositionsHeld() {
        let thresholds = AutoPauseDetector.Thresholds(pauseBelow: 0.5, pauseAfter: 3, resumeAtOrAbove: 1, resumeAfter: 2)
        var machine = runMachine(autoPause: thresholds, autoPausesSession: true)
        var actions: [LiveReadingsMachine.Action] = []
        for second in 0..<5 { actions += machine.absorb(.location(fix(Double(second), north: Double(second) * 3)), at: running) }
        for second in 5..<12 { actions += machine.absorb(.location(fix(Double(second), north: 12, speed: 0)), at: running) }
        let pause = actions.firstIndex { if case .pauseSession = $0 { true } else { false } }
        guard let pause, case .pauseSession(let pausedAt) = actions[pause], case .generate(.motionPaused, let eventDate) = actions[pause - 1] else {
            Issue.record("standing still pauses the session after a motion-paused event: \(actions)")
            return
        }
        #expect(pausedAt == eventDate)
        #expect(pausedAt == at(5), "paused from when the speed dropped, not when the dwell ran out")
        // Moving again while paused: held, then the session resumes where moving began, with them.
        var resumed: [LiveReadingsMachine.Action] = []
        for second in 12..<18 { resumed += machine.absorb(.location(fix(Double(second), north: 12 + Double(second - 12) * 3)), at: paused) }
        guard let resume = resumed.firstIndex(where: { if case .resumeSession = $0 { true } else { false } }),
              case .resumeSession(let resumedAt) = resumed[resume] else {
            Issue.record("moving again resumes the session: \(resumed)")
            return
        }
        #expect(resumedAt == at(12), "resumed from the last standing position")
        let afterwards = Array(resumed[(resume + 1)...])
        #expect(afterwards.contains { if case .route = $0 { true } else { false } }, "the positions held are absorbed once resumed")
        #expect(derivedSum(afterwards, of: HKQuantityType(.distanceWalkingRunning)) > 0)
    }

    @Test func heartbeatsAfterAGapAreMarkedAndLeaveTheGapOutOfTheIntervals() {
        var machine = runMachine()
        var actions: [LiveReadingsMachine.Action] = []
        for (interval, second) in [(0.5, 1.0), (0.5, 1.5), (0.5, 2.0), (0.5, 5.0), (0.5, 5.5)] {
            actions += machine.absorb(.heartbeat(interval: interval, date: at(second)), at: running)
        }
        let gaps = actions.compactMap { action -> Bool? in
            if case .addHeartbeat(let start, _, let gap) = action, start == at(0.5) { return gap }
            return nil
        }
        #expect(gaps == [false, false, false, true, false])
        #expect(machine.finishHeartbeats() == [0.5, 0.5, 0.5])
        #expect(machine.heartbeats == HeartbeatTimeline(), "finishing starts a new series")
    }

    /// One reading at a time or a batch at a time, the actions are the same,
    /// and their quantities add up to the machine's totals: for any
    /// interleaving of heart rate, positions, pauses and resumes, the distance
    /// derived equals the distance a fresh accumulator measures over the
    /// positions received while running, and the energy derived equals the
    /// machine's own total.
    @Test func anyInterleavingGivesTheTotalsOfAFullRecompute() async {
        let steps = Gen.int(in: 0...999).array(of: 1...200)
        await propertyCheck(count: 100, input: steps) { codes in
            var single = runMachine(), batched = runMachine()
            var actions: [LiveReadingsMachine.Action] = []
            var batch: [LiveReadingsMachine.Action] = []
            var reference = DistanceAccumulator()
            var time = 0.0, north = 0.0, isRunning = true
            for code in codes {
                time += Double(code % 3 + 1)
                let moment = isRunning ? running : paused
                let reading: WorkoutReading
                switch code % 10 {
                case 0:
                    isRunning.toggle()
                    continue
                case 1...4:
                    reading = .quantity(heartRateSample(Double(100 + code % 80), at: time))
                default:
                    north += Double(code % 7)
                    let location = fix(time, north: north, speed: Double(code % 7) / 2)
                    if isRunning { _ = reference.add(location) }
                    reading = .location(location)
                }
                actions += single.absorb(reading, at: moment)
                batched.absorb(reading, at: moment, into: &batch)
            }
            #expect(actions.count == batch.count)
            #expect(derivedSum(actions, of: HKQuantityType(.distanceWalkingRunning)) == derivedSum(batch, of: HKQuantityType(.distanceWalkingRunning)))
            let distance = derivedSum(actions, of: HKQuantityType(.distanceWalkingRunning))
            #expect(abs(distance - reference.total) < 1e-6, "derived \(distance) m, recomputed \(reference.total) m")
            #expect(abs(single.distance.total - reference.total) < 1e-6)
            let energy = derivedSum(actions, of: HKQuantityType(.activeEnergyBurned))
            #expect(abs(energy - single.derivedActiveKilocalories) < 1e-9)
            #expect(single.locationCount == batched.locationCount)
            let collected = actions.filter { if case .collect = $0 { true } else { false } }.count
            #expect(collected <= codes.count)
        }
    }
}
