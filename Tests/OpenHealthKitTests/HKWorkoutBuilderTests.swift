import Foundation
import PropertyBased
import Synchronization
import Testing
@testable import OpenHealthKitCore

@Suite(.timeLimit(.minutes(10))) struct HKWorkoutBuilderTests {
    func makeBuilder(_ activity: HKWorkoutActivityType = .running) async throws -> (HKWorkoutBuilder, HKHealthStore) {
        let energy = HKQuantityType(.activeEnergyBurned)
        let (store, _) = try await makeAuthorizedStore([heartRate, energy, HKWorkoutType()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity
        configuration.locationType = .outdoor
        return (HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local(), clock: VirtualClock(start: at(0))), store)
    }

    func message(_ body: () async throws -> Void) async -> String? {
        do { try await body(); return nil } catch { return (error as? HKError)?.localizedDescription ?? "\(error)" }
    }

    @Test func callsOutOfOrderFailWithApplesMessages() async throws {
        let (builder, _) = try await makeBuilder()
        #expect(await message { try await builder.endCollection(at: at(10)) } == "Unable to end a workout that is not currently active.")
        #expect(await message { _ = try await builder.finishWorkout() } == "Unable to finish a workout that is not currently ended.")
        try await builder.beginCollection(at: at(0))
        #expect(await message { try await builder.beginCollection(at: at(1)) } == "Unable to begin a workout that has already started.")
        #expect(await message { try await builder.endCollection(at: at(0)) } == "endDate must be after startDate")
        #expect(await message { _ = try await builder.finishWorkout() } == "Unable to finish a workout that is not currently ended.")
        try await builder.endCollection(at: at(60))
        #expect(builder.state == .ended)
        _ = try await builder.finishWorkout()
        #expect(builder.state == .finished)
        #expect(await message { _ = try await builder.finishWorkout() } == "Unable to finish a workout that is not currently ended.")
    }

    @Test func eventsStaySortedAndMetadataMerges() async throws {
        let (builder, _) = try await makeBuilder()
        try await builder.beginCollection(at: at(0))
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: at(50), duration: 0), metadata: nil)])
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: at(10), duration: 0), metadata: nil)])
        #expect(builder.workoutEvents.map(\.dateInterval.start) == [at(10), at(50)])
        try await builder.addMetadata(["a": 1, "b": "x"])
        try await builder.addMetadata(["b": "y"])
        #expect(builder.metadata["a"] as? Int == 1)
        #expect(builder.metadata["b"] as? String == "y")
    }

    @Test func pausedSamplesDoNotCount() async throws {
        let (builder, store) = try await makeBuilder()
        let energy = HKQuantityType(.activeEnergyBurned)
        try await builder.beginCollection(at: at(0))
        try await builder.addWorkoutEvents([
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(100), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(200), duration: 0), metadata: nil),
        ])
        // 120 bpm while running, 60 bpm while paused: the paused reading must not count.
        try await builder.addSamples([heartRateSample(120, at: 50), heartRateSample(60, at: 150), heartRateSample(120, at: 250)])
        // 30 kcal over [50, 350): a third of it (100 s of 300) falls in the pause.
        try await builder.addSamples([HKQuantitySample(type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 30), start: at(50), end: at(350))])
        let average = try #require(builder.statistics(for: heartRate)?.averageQuantity()?.doubleValue(for: bpm))
        #expect(abs(average - 120) < 1e-9)
        #expect(abs(try #require(builder.statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie())) - 20) < 1e-9)

        try await builder.endCollection(at: at(400))
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.duration == 300)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(abs(try #require(workout.statistics(for: energy)?.sumQuantity()?.doubleValue(for: .kilocalorie())) - 20) < 1e-9)
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)

        // The workout and its samples are in the store, and the samples point to it.
        let saved = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store)
        #expect(saved.map(\.uuid) == [workout.uuid])
        #expect(saved.first?.duration == 300)
        let associated = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate, predicate: HKQuery.predicateForObjects(from: workout))],
                                                           sortDescriptors: []).result(for: store)
        #expect(associated.count == 3)
    }

    @Test func samplesBeforeTheStartAreDroppedAndDiscardDeletes() async throws {
        let (builder, store) = try await makeBuilder()
        try await builder.addSamples([heartRateSample(100, at: 0)])
        try await builder.beginCollection(at: at(0))
        try await builder.addSamples([heartRateSample(110, at: 10)])
        #expect(try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store).count == 1)
        builder.discardWorkout()
        #expect(builder.state == .discarded)
        var left = 1
        for _ in 0..<200 where left > 0 {
            left = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store).count
            if left > 0 { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(left == 0)
    }

    @Test func elapsedTimeFollowsHealthKitsQuirks() async throws {
        let (builder, _) = try await makeBuilder()
        try await builder.beginCollection(at: at(100))
        #expect(builder.elapsedTime(at: at(50)) == 0)
        #expect(builder.elapsedTime(at: at(160)) == 60)
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(130), duration: 0), metadata: nil)])
        // A pause added in the past makes the elapsed time smaller.
        #expect(builder.elapsedTime(at: at(160)) == 30)
        try await builder.addWorkoutEvents([HKWorkoutEvent(type: .motionPaused, dateInterval: DateInterval(start: at(140), duration: 0), metadata: nil),
                                            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(150), duration: 0), metadata: nil)])
        #expect(builder.elapsedTime(at: at(160)) == 40)
        try await builder.endCollection(at: at(170))
        #expect(builder.elapsedTime(at: at(1000)) == 50)
    }

    /// Elapsed time for random event sequences equals an independent
    /// second-by-second count of running seconds.
    @Test func elapsedTimeMatchesASecondBySecondModel() async {
        let events = Gen.int(in: 0...(4 * 3000 - 1)).array(of: 0...25)
        await propertyCheck(count: 300, input: events, Gen.int(in: 0...3200), Gen.bool()) { codes, queryOffset, ended in
            let start = 500, end = 2800
            var seenTimes = Set<Int>()
            var list: [(Int, HKWorkoutEventType)] = []
            for code in codes {
                let time = code / 4
                guard seenTimes.insert(time).inserted else { continue }
                let type: HKWorkoutEventType = [.pause, .resume, .marker, .motionPaused][code % 4]
                list.append((time, type))
            }
            list.sort { $0.0 < $1.0 }
            let workoutEvents = list.map { HKWorkoutEvent(type: $0.1, dateInterval: DateInterval(start: at(Double($0.0)), duration: 0), metadata: nil) }
            let t = queryOffset
            let actual = ElapsedTime.activeDuration(start: at(Double(start)), end: ended ? at(Double(end)) : nil, events: workoutEvents, at: at(Double(t)))

            // The model: an event before the start stops the scan at once (running throughout);
            // otherwise count the seconds in [start, min(t, end)) whose last pause/resume at or before them is not a pause.
            let limit = ended ? min(t, end) : t
            var expected = 0
            if start < t {
                if let first = list.first, first.0 < start {
                    expected = limit - start
                } else {
                    for second in start..<max(start, limit) {
                        let last = list.last { $0.0 <= second && ($0.1 == .pause || $0.1 == .resume) }
                        if last?.1 != .pause { expected += 1 }
                    }
                }
            }
            #expect(actual == Double(expected), "events \(list), t \(t), ended \(ended)")
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct HKWorkoutBuilderIncrementalStatisticsTests {
    /// Statistics kept one sample at a time equal a full recompute, for random
    /// live sequences of instantaneous readings and pauses.
    @Test func runningTotalsEqualAFullRecompute() async throws {
        let energy = HKQuantityType(.activeEnergyBurned)
        let (store, _) = try await makeAuthorizedStore([heartRate, energy, HKWorkoutType()])
        let steps = Gen.int(in: 0...1000).array(of: 1...60)
        await propertyCheck(count: 60, input: steps) { codes in
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = .running
            let clock = VirtualClock(start: at(0))
            let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil, clock: clock)
            try? await builder.beginCollection(at: at(0))
            var time = 0.0
            var paused = false
            for code in codes {
                time += Double(code % 7 + 1)
                clock.set(to: at(time))
                if code % 11 == 0 {
                    let type: HKWorkoutEventType = paused ? .resume : .pause
                    paused.toggle()
                    try? await builder.addWorkoutEvents([HKWorkoutEvent(type: type, dateInterval: DateInterval(start: at(time), duration: 0), metadata: nil)])
                } else {
                    let value = Double(60 + code % 120)
                    // Energy over the interval since the previous step: wholly active, wholly paused, or across a pause.
                    let previous = time - Double(code % 13 + 1)
                    try? await builder.addSamples([heartRateSample(value, at: time),
                                                   HKQuantitySample(type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: value / 100),
                                                                    start: at(max(0, previous)), end: at(time))])
                }
            }
            let full = builder.storage.withLock { $0.figures.recomputed(Set($0.figures.rows.keys), over: $0.span, now: clock.now) }
            for type in [heartRate, energy] {
                let live = builder.statistics(for: type)
                let reference = full[type]
                #expect((live == nil) == (reference == nil), "\(type) presence differs for \(codes)")
                guard let live, let reference else { continue }
                #expect(live.merged.mostRecent == reference.merged.mostRecent)
                #expect(live.merged.minimum == reference.merged.minimum)
                #expect(live.merged.maximum == reference.merged.maximum)
                for (a, b) in [(live.merged.average, reference.merged.average), (live.merged.sum, reference.merged.sum)] {
                    #expect(abs((a ?? 0) - (b ?? 0)) < 1e-9, "\(type): \(String(describing: a)) vs \(String(describing: b)) for \(codes)")
                }
                #expect(live.endDate == reference.endDate)
            }
        }
    }

    @Test func rowsAreGroupedByTypeInOrderOfFirstAppearance() {
        var groups = TypedRows.Groups(expectedRows: 4)
        func row(_ second: Double, _ value: Double) -> StatisticRow { StatisticRow(start: second, end: second, value: value, source: 0) }
        // Separate instances of one type share a group.
        groups.append(row(0, 1), of: HKQuantityType(.heartRate))
        groups.append(row(0, 2), of: HKQuantityType(.activeEnergyBurned))
        groups.append(row(1, 3), of: HKQuantityType(.heartRate))
        groups.append(row(2, 4), of: HKQuantityType(.heartRate))
        #expect(groups.all.map(\.type) == [HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned)])
        #expect(groups.all.map { $0.rows.map(\.value) } == [[1, 3, 4], [2]])
        // A derived quantity joins the group its type already has.
        groups.append(DerivedQuantity(typeIndex: DerivedQuantity.activeEnergy, value: 5, start: at(0), end: at(1)))
        groups.append(DerivedQuantity(typeIndex: DerivedQuantity.basalEnergy, value: 6, start: at(0), end: at(1)))
        groups.append(DerivedQuantity(typeIndex: DerivedQuantity.activeEnergy, value: 7, start: at(1), end: at(2)))
        #expect(groups.all.map { $0.rows.map(\.value) } == [[1, 3, 4], [2, 5, 7], [6]])
        groups.removeAll { $0 == HKQuantityType(.heartRate) }
        groups.append(DerivedQuantity(typeIndex: DerivedQuantity.basalEnergy, value: 8, start: at(1), end: at(2)))
        #expect(groups.all.map(\.type) == [HKQuantityType(.activeEnergyBurned), HKQuantityType(.basalEnergyBurned)])
        #expect(groups.all.map { $0.rows.map(\.value) } == [[2, 5, 7], [6, 8]])
        #expect(!groups.isEmpty)
        #expect(TypedRows.Groups().isEmpty)
    }
}
