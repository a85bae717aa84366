import Foundation
import Testing
import OpenHealthKit

/// A source the test drives reading by reading.
final class ControlledSource: WorkoutDataSource, @unchecked Sendable {
    let name = "test:controlled"
    let (stream, continuation) = AsyncThrowingStream<WorkoutReading, any Error>.makeStream()
    func readings() -> AsyncThrowingStream<WorkoutReading, any Error> { stream }
    func send(_ reading: WorkoutReading) { continuation.yield(reading) }
    func finish() { continuation.finish() }
}

@Suite(.timeLimit(.minutes(10))) struct HKLiveWorkoutDataSourceTests {
    /// A run (indoor unless told) in a store authorized for `types`, running
    /// since `at(0)` and collecting through a data source without sources of its own.
    func run(_ location: HKWorkoutSessionLocationType = .indoor, sharing types: [HKSampleType]) async throws
        -> (HKHealthStore, HKWorkoutSession, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource) {
        try await run(location, in: try await makeAuthorizedStore(types).0)
    }

    /// A run in `store`, running since `at(0)` and collecting through a data source without sources of its own.
    func run(_ location: HKWorkoutSessionLocationType, in store: HKHealthStore) async throws
        -> (HKHealthStore, HKWorkoutSession, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = location
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: at(0)))
        let builder = session.associatedWorkoutBuilder()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [])
        builder.dataSource = dataSource
        session.startActivity(with: at(0))
        try await builder.beginCollection(at: at(0))
        return (store, session, builder, dataSource)
    }

    /// Sends a status marker and waits until the data source has handled it,
    /// and with it every reading sent before.
    func handled(_ source: ControlledSource, _ dataSource: HKLiveWorkoutDataSource, marker: String) async {
        source.send(.status(WorkoutSourceStatus(source: source.name, kind: .connected, date: at(0), detail: marker)))
        while dataSource.statuses[source.name]?.detail != marker, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
    }

    @Test func specificationsParse() throws {
        let list = try WorkoutSourceSpecification.list("scenario:Scenarios/tempo-run.yaml, gpsd://localhost:2947,hrm:/dev/ttyUSB0?baud=115200&framing=hrm1")
        #expect(list.map(\.scheme) == ["scenario", "gpsd", "hrm"])
        #expect(list.map(\.location) == ["Scenarios/tempo-run.yaml", "localhost:2947", "/dev/ttyUSB0"])
        #expect(list[2].parameters == ["baud": "115200", "framing": "hrm1"])
        #expect(throws: WorkoutSourceError.self) { try WorkoutSourceSpecification(parsing: "/dev/ttyUSB0") }
        #expect(throws: WorkoutSourceError.self) { try WorkoutSourceSpecification(parsing: "hrm:/dev/ttyUSB0?baud") }
        #expect(throws: WorkoutSourceError.self) { try WorkoutSourceSpecification(parsing: "gpsd://") }
    }

    @Test func unknownSchemesAreReportedAndMeanNoSamples() throws {
        do {
            _ = try WorkoutSourceRegistry.configuredSources(["OPENHEALTHKIT_SOURCES": "nosuch:thing"])
            Issue.record("an unknown scheme was accepted")
        } catch let error as WorkoutSourceError {
            #expect(error.message.contains("No source handles 'nosuch:'"))
        }
        #expect(try WorkoutSourceRegistry.configuredSources([:]).isEmpty)
        WorkoutSourceRegistry.register(scheme: "fixed-test") { specification in
            let source = ControlledSource()
            source.finish()
            return source
        }
        #expect(try WorkoutSourceRegistry.configuredSources(["OPENHEALTHKIT_SOURCES": "fixed-test:x"]).count == 1)
    }

    @Test func defaultTypesFollowTheActivity() {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        configuration.locationType = .outdoor
        let source = HKLiveWorkoutDataSource(healthStore: HKHealthStore(location: .inMemory), workoutConfiguration: configuration, sources: [])
        #expect(source.typesToCollect.contains(HKQuantityType(.distanceCycling)))
        #expect(source.typesToCollect.contains(HKQuantityType(.cyclingPower)))
        configuration.locationType = .indoor
        let indoor = HKLiveWorkoutDataSource(healthStore: HKHealthStore(location: .inMemory), workoutConfiguration: configuration, sources: [])
        #expect(!indoor.typesToCollect.contains(HKQuantityType(.distanceCycling)))
    }

    @Test func readingsCountOnlyWhileRunningAndOnlyForCollectedTypes() async throws {
        let power = HKQuantityType(.cyclingPower)
        let (store, _) = try await makeAuthorizedStore([heartRate, power, HKWorkoutType(), HKQuantityType(.activeEnergyBurned), HKSeriesType.workoutRoute()])
        let clock = VirtualClock(start: at(0))
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        let builder = session.associatedWorkoutBuilder()
        let source = ControlledSource()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [source])
        dataSource.enableCollection(for: heartRate, predicate: HKQuery.predicateForQuantitySamples(with: .lessThan, quantity: HKQuantity(unit: bpm, doubleValue: 220)))
        dataSource.disableCollection(for: power)
        builder.dataSource = dataSource

        source.send(.status(WorkoutSourceStatus(source: source.name, kind: .connected, date: at(0))))
        source.send(.quantity(heartRateSample(100, at: 0)))              // before start: dropped
        await handled(source, dataSource, marker: "before start")
        session.startActivity(with: at(0))
        try await builder.beginCollection(at: at(0))
        source.send(.quantity(heartRateSample(140, at: 10)))             // counted
        source.send(.quantity(heartRateSample(250, at: 11)))             // fails the predicate
        source.send(.quantity(HKQuantitySample(type: power, quantity: HKQuantity(unit: .watt(), doubleValue: 200), start: at(12), end: at(12)))) // not collected
        source.send(.location(CLLocation(latitude: 48.1, longitude: 11.5)))
        await handled(source, dataSource, marker: "running")
        clock.advance(by: 20)
        session.pause()
        // Pause and resume at one instant: masking cannot hide this reading, only the running check can.
        source.send(.quantity(heartRateSample(60, at: 20)))              // paused: dropped
        await handled(source, dataSource, marker: "paused")
        session.resume()
        source.send(.quantity(heartRateSample(160, at: 30)))             // counted
        source.finish()
        await dataSource.untilSourcesFinish()

        let stats = try #require(builder.statistics(for: heartRate))
        #expect(abs(try #require(stats.averageQuantity()).doubleValue(for: bpm) - 150) < 1e-9)
        #expect(abs(try #require(stats.maximumQuantity()).doubleValue(for: bpm) - 160) < 1e-9)
        #expect(builder.statistics(for: power) == nil)
        #expect(dataSource.locationCount == 1)
        #expect(dataSource.statuses[source.name]?.kind == .connected)
        #expect(dataSource.failures.isEmpty)
        session.end()
    }

    @Test func positionsBecomeDistanceAndARoute() async throws {
        let distance = HKQuantityType(.distanceWalkingRunning)
        let (store, _) = try await makeAuthorizedStore([distance, HKQuantityType(.runningSpeed), HKWorkoutType(), HKSeriesType.workoutRoute()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: at(0)))
        let builder = session.associatedWorkoutBuilder()
        let source = ControlledSource()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [source])
        builder.dataSource = dataSource
        session.startActivity(with: at(0))
        try await builder.beginCollection(at: at(0))
        // The first 100 s of the synthetic ride, climbing 0.5 m a second.
        for (second, fix) in DistanceAccumulatorTests.track(doppler: true).fixes.prefix(100).enumerated() {
            source.send(.location(CLLocation(coordinate: fix.coordinate, altitude: 500 + 0.5 * Double(second), horizontalAccuracy: fix.horizontalAccuracy,
                                             verticalAccuracy: 6, course: fix.course, speed: fix.speed, timestamp: fix.timestamp)))
        }
        source.finish()
        await dataSource.untilSourcesFinish()
        let meters = try #require(builder.statistics(for: distance)?.sumQuantity()).doubleValue(for: .meter())
        #expect(abs(meters - 495) < 0.5, "99 steps of 5 m, counted \(meters) m")
        #expect(abs(dataSource.distanceFromLocations - meters) < 1e-9)
        try await builder.endCollection(at: at(100))
        let workout = try #require(try await builder.finishWorkout())
        let routes = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: []).result(for: store)
        #expect((routes.first as? HKWorkoutRoute)?.count == 100)
        // Derived metadata: the climb (99 × 0.5 m, less at most the 3 m hysteresis), speeds from Doppler and distance.
        let ascended = try #require(workout.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity).doubleValue(for: .meter())
        #expect(ascended <= 49.5 && ascended >= 46.5, "ascended \(ascended) m")
        #expect(try #require(workout.metadata?[HKMetadataKeyElevationDescended] as? HKQuantity).doubleValue(for: .meter()) == 0)
        let average = try #require(workout.metadata?[HKMetadataKeyAverageSpeed] as? HKQuantity).doubleValue(for: HKUnit(from: "m/s"))
        #expect(abs(average - 5) < 0.01)
        let maximum = try #require(workout.metadata?[HKMetadataKeyMaximumSpeed] as? HKQuantity).doubleValue(for: HKUnit(from: "m/s"))
        #expect(maximum > 5 && maximum < 5.5)
        let speed = try #require(builder.statistics(for: HKQuantityType(.runningSpeed))?.averageQuantity()).doubleValue(for: HKUnit(from: "m/s"))
        #expect(abs(speed - 5) < 0.05)
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")
        session.end()
    }

    /// An outdoor cycling workout collecting from one controlled source with auto-pause, running since `start`.
    func autoPausingRide(since start: Date, pausingTheSession: Bool) async throws
        -> (HKWorkoutSession, HKLiveWorkoutBuilder, ControlledSource, HKLiveWorkoutDataSource) {
        let (store, _) = try await makeAuthorizedStore([HKQuantityType(.distanceCycling), HKQuantityType(.cyclingSpeed), HKWorkoutType(), HKSeriesType.workoutRoute()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: start))
        let builder = session.associatedWorkoutBuilder()
        let source = ControlledSource()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [source])
        dataSource.autoPause = .default(for: .cycling)
        dataSource.autoPausesSession = pausingTheSession
        builder.dataSource = dataSource
        return (session, builder, source, dataSource)
    }

    @Test func autoPauseGeneratesMotionEventsThatLeaveElapsedTimeAlone() async throws {
        let (session, builder, source, dataSource) = try await autoPausingRide(since: at(0), pausingTheSession: false)
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.startActivity(with: at(0))
        try await builder.beginCollection(at: at(0))
        var north = 0.0
        for second in 0..<70 {
            let stopped = (20..<50).contains(second)
            if !stopped { north += 5 }
            source.send(.location(CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + north / 111_200, longitude: 11), altitude: 500,
                                             horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: stopped ? 0.1 : 5, timestamp: at(Double(second)))))
        }
        source.finish()
        await dataSource.untilSourcesFinish()
        let events = builder.workoutEvents
        #expect(events.map(\.type) == [.motionPaused, .motionResumed])
        #expect(events.map(\.dateInterval.start) == [at(20), at(50)])
        #expect(builder.elapsedTime(at: at(70)) == 70)
        let log = await recorder.waitFor(3)
        #expect(log.contains("event: motionPaused") && log.contains("event: motionResumed"))
        session.end()
    }

    /// A recorder that starts once the receiver has a fix gets fixes from before its start: standing
    /// still then pauses the session at its start, and the pause counts (an event dated before the start
    /// would end HealthKit's elapsed-time scan and undo every pause after it).
    @Test func standingStillSinceBeforeTheStartPausesAtTheStart() async throws {
        let (session, builder, source, dataSource) = try await autoPausingRide(since: at(10), pausingTheSession: true)
        session.startActivity(with: at(10))
        try await builder.beginCollection(at: at(10))
        var north = 0.0
        for second in 0..<60 {
            let stopped = second < 25
            if !stopped { north += 5 }
            source.send(.location(CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + north / 111_200, longitude: 11), altitude: 500,
                                             horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: stopped ? 0.1 : 5, timestamp: at(Double(second)))))
        }
        source.finish()
        await dataSource.untilSourcesFinish()
        // Up to 30 s: a machine busy with a whole suite can hold the session's work back for seconds.
        let waitingSince = ContinuousClock.now
        while session.state != .running, ContinuousClock.now - waitingSince < .seconds(30) { try await Task.sleep(for: .milliseconds(5)) }
        let pauses = builder.workoutEvents.filter { $0.type == .pause || $0.type == .resume }
        #expect(pauses.map(\.type) == [.pause, .resume])
        #expect(pauses.first?.dateInterval.start == at(10), "paused at the start, not at the fix before it")
        #expect(builder.workoutEvents.allSatisfy { $0.dateInterval.start >= at(10) }, "no event before the start")
        // Paused from the start (10 s) to the last standing fix (24 s), where the first moving step begins.
        #expect(builder.elapsedTime(at: at(60)) == 36, "\(builder.workoutEvents.map { "\($0.type.rawValue)@\($0.dateInterval.start.timeIntervalSince(at(0)))" })")
        session.end()
    }

    @Test func heartbeatsBecomeASeriesAndAnHRVSample() async throws {
        let hrv = HKQuantityType(.heartRateVariabilitySDNN)
        let (store, _) = try await makeAuthorizedStore([heartRate, hrv, HKSeriesType.heartbeat(), HKWorkoutType()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: at(0)))
        let builder = session.associatedWorkoutBuilder()
        let source = ControlledSource()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [source])
        dataSource.enableCollection(for: hrv, predicate: nil)
        builder.dataSource = dataSource
        session.startActivity(with: at(0))
        try await builder.beginCollection(at: at(0))
        // Beats at 10.8, 11.62, 12.40 s; contact lost; then 20.00 and 20.79 s.
        for (interval, second) in [(0.8, 10.8), (0.82, 11.62), (0.78, 12.40), (0.81, 20.0), (0.79, 20.79)] {
            source.send(.heartbeat(interval: interval, date: at(second)))
        }
        source.finish()
        await dataSource.untilSourcesFinish()
        try await builder.endCollection(at: at(30))
        let workout = try #require(try await builder.finishWorkout())
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")

        let series = try #require(try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.heartbeat(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                                     sortDescriptors: []).result(for: store).first as? HKHeartbeatSeriesSample)
        #expect(series.count == 5)
        #expect(series.startDate == at(10))
        let gaps: [Bool] = await withCheckedContinuation { continuation in
            let collected = BeatList()
            store.execute(HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, _ in
                collected.append((time, gap))
                if done { continuation.resume(returning: collected.all.map(\.1)) }
            })
        }
        #expect(gaps == [false, false, false, true, false])
        let variability = try #require(try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: hrv, predicate: HKQuery.predicateForObjects(from: workout))],
                                                                          sortDescriptors: []).result(for: store).first)
        let expected = try #require(HeartbeatSeries.sdnn([0.82, 0.78, 0.79]))
        #expect(abs(variability.quantity.doubleValue(for: .secondUnit(with: .milli)) - expected * 1000) < 1e-9)
        #expect(variability.metadata?[OpenHealthKitMetadataKeyRMSSD] as? Double == HeartbeatSeries.rmssd([0.82, 0.78, 0.79]))
        session.end()
    }

    /// A recorder listening to `events()` hears every status in order, however briefly it held (a
    /// refused connection followed at once by a good one), and every failure, as ``failures`` keeps it.
    @Test func everyStatusAndFailureIsToldInOrderHoweverBrief() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate, HKWorkoutType()])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: at(0)))
        let builder = session.associatedWorkoutBuilder()
        let source = ControlledSource()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [source])
        let events = dataSource.events()
        builder.dataSource = dataSource
        let kinds: [WorkoutSourceStatus.Kind] = [.disconnected, .connected, .contactLost, .contactRestored, .reconnecting, .connected]
        for (index, kind) in kinds.enumerated() {
            source.send(.status(WorkoutSourceStatus(source: source.name, kind: kind, date: at(Double(index)), detail: "step \(index)")))
        }
        source.continuation.finish(throwing: WorkoutSourceError("the strap went away for good"))
        await dataSource.untilSourcesFinish()
        var heard: [LiveDataSourceEvent] = []
        for await event in events {
            heard.append(event)
            if case .failure = event { break }
        }
        let statuses = heard.compactMap { event -> WorkoutSourceStatus? in
            if case .status(let status) = event { return status }
            return nil
        }
        #expect(statuses.map(\.kind) == kinds)
        #expect(statuses.map(\.detail) == kinds.indices.map { "step \($0)" })
        // Only the last status stays in `statuses`: the events are what a poller would miss.
        #expect(dataSource.statuses[source.name]?.detail == "step 5")
        guard case .failure(let failure) = heard.last else { Issue.record("no failure was told: \(heard)"); return }
        #expect(failure.kind == .source && failure.source == source.name)
        #expect(failure.message.contains("the strap went away for good"))
        #expect(dataSource.failures == [failure.message])
        #expect(dataSource.recentFailures(1) == [failure])
        session.end()
    }

    /// A listener that stops listening is let go; the others still hear.
    @Test func aListenerThatStopsIsLetGoAndTheOthersStillHear() async throws {
        let (_, session, _, dataSource) = try await run(sharing: [heartRate, HKWorkoutType()])
        let gone = Task { for await _ in dataSource.events() {} }
        let staying = dataSource.events()
        gone.cancel()
        await gone.value
        await dataSource.deliver([.status(WorkoutSourceStatus(source: "test", kind: .connected, date: at(1)))], from: "test")
        var iterator = staying.makeAsyncIterator()
        guard case .status(let status) = await iterator.next() else { Issue.record("the listener that stayed heard nothing"); return }
        #expect(status.kind == .connected)
        session.end()
    }

    @Test func deliveredReadingsCountAtOnceAndReachTheStoreByFlush() async throws {
        let (store, session, builder, dataSource) = try await run(sharing: [heartRate, HKWorkoutType()])
        for second in 1...600 { await dataSource.deliver([.quantity(heartRateSample(Double(100 + second % 50), at: Double(second)))], from: "test") }
        // Counted when deliver returns, whatever the writer has done.
        let statistics = try #require(builder.statistics(for: heartRate))
        #expect(statistics.mostRecentQuantityDateInterval()?.start == at(600))
        #expect(builder.sampleCounts[heartRate] == 600)
        await dataSource.flush()
        // Readings, not rows: a write's readings of a type are one series sample.
        let saved = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store)
        #expect(saved.reduce(0) { $0 + $1.count } == 600)
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")
        session.end()
    }

    /// The write clock bounds how long a reading waits for the store: the
    /// first after a quiet spell is written at once, one that follows within
    /// 50 ms waits with the next ones, a second at most (or 512 readings),
    /// all on a virtual write clock the test moves, with no sleeping.
    @Test func readingsReachTheStoreWithinASecondOfTheWriteClock() async throws {
        let (store, session, builder, dataSource, writeClock) = try await indoorRunOnWriteClock()
        func stored() async throws -> Int {
            await dataSource.waitForWrites()
            // Readings, not rows: a write's readings of a type are one series sample.
            return try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)], sortDescriptors: []).result(for: store)
                .reduce(0) { $0 + $1.count }
        }
        await dataSource.deliver([.quantity(heartRateSample(150, at: 1))], from: "test")
        #expect(try await stored() == 1, "the first reading after a quiet spell is written at once")
        writeClock.advance(by: 0.01)
        await dataSource.deliver([.quantity(heartRateSample(151, at: 2))], from: "test")
        #expect(try await stored() == 1, "10 ms after a write, a reading waits for the next ones")
        #expect(builder.sampleCounts[heartRate] == 2, "counted at once all the same")
        writeClock.advance(by: 0.99)
        await dataSource.flushIfOverdue()
        #expect(try await stored() == 1, "0.99 s is not yet overdue")
        writeClock.advance(by: 0.01)
        await dataSource.flushIfOverdue()
        #expect(try await stored() == 2, "a second after it arrived, it is written")
        writeClock.advance(by: 0.01)
        await dataSource.deliver((3..<603).map { .quantity(heartRateSample(150, at: Double($0))) }, from: "test")
        #expect(try await stored() == 602, "512 readings or more are written at once")
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")
        session.end()
    }

    /// An outdoor run with heart rate, positions and beats, saving what it
    /// collects or not; returns the store, the finished workout and the builder.
    func outdoorRun(saving: Bool) async throws -> (HKHealthStore, HKWorkout, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource) {
        let (store, session, builder, dataSource) = try await run(.outdoor, sharing: [
            heartRate, HKQuantityType(.distanceWalkingRunning), HKQuantityType(.runningSpeed), HKQuantityType(.heartRateVariabilitySDNN),
            HKWorkoutType(), HKSeriesType.workoutRoute(), HKSeriesType.heartbeat(),
        ])
        dataSource.enableCollection(for: HKQuantityType(.heartRateVariabilitySDNN), predicate: nil)
        dataSource.savesCollectedData = saving
        var readings: [WorkoutReading] = []
        for (second, fix) in DistanceAccumulatorTests.track(doppler: true).fixes.prefix(120).enumerated() {
            readings.append(.quantity(heartRateSample(Double(120 + second % 30), at: Double(second))))
            readings.append(.heartbeat(interval: 0.5, date: at(Double(second) + 0.5)))
            readings.append(.location(CLLocation(coordinate: fix.coordinate, altitude: 500 + 0.5 * Double(second), horizontalAccuracy: fix.horizontalAccuracy,
                                                 verticalAccuracy: 6, course: fix.course, speed: fix.speed, timestamp: fix.timestamp)))
        }
        await dataSource.deliver(readings, from: "test")
        await dataSource.flush()
        try await builder.endCollection(at: at(120))
        let workout = try #require(try await builder.finishWorkout())
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")
        session.end()
        return (store, workout, builder, dataSource)
    }

    /// The readings saved with `workout`, by type identifier: a series counts its values.
    func savedWith(_ workout: HKWorkout, in store: HKHealthStore) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for type in [heartRate, HKQuantityType(.distanceWalkingRunning), HKQuantityType(.runningSpeed), HKQuantityType(.heartRateVariabilitySDNN),
                     HKSeriesType.workoutRoute(), HKSeriesType.heartbeat()] as [HKSampleType] {
            let found = try await HKSampleQueryDescriptor(predicates: [.sample(type: type, predicate: HKQuery.predicateForObjects(from: workout))],
                                                          sortDescriptors: []).result(for: store)
            counts[type.identifier] = found.reduce(0) { $0 + (($1 as? HKQuantitySample)?.count ?? 1) }
        }
        return counts
    }

    @Test func withoutSavingReadingsCountAsWhenSavedButNothingReachesTheStore() async throws {
        let (savingStore, savedWorkout, savingBuilder, _) = try await outdoorRun(saving: true)
        let (store, workout, builder, dataSource) = try await outdoorRun(saving: false)
        #expect(!dataSource.savesCollectedData)
        // The same figures either way.
        #expect(builder.sampleCounts == savingBuilder.sampleCounts)
        #expect(builder.sampleCounts[heartRate] == 120)
        for type in [heartRate, HKQuantityType(.distanceWalkingRunning), HKQuantityType(.runningSpeed)] {
            let saved = try #require(savingBuilder.statistics(for: type)), unsaved = try #require(builder.statistics(for: type))
            let unit = type.canonicalUnit
            #expect(unsaved.sumQuantity()?.doubleValue(for: unit) == saved.sumQuantity()?.doubleValue(for: unit), "\(type.identifier)")
            #expect(unsaved.averageQuantity()?.doubleValue(for: unit) == saved.averageQuantity()?.doubleValue(for: unit), "\(type.identifier)")
        }
        #expect(workout.duration == savedWorkout.duration)
        #expect(workout.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity == savedWorkout.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity)
        #expect(workout.metadata?[HKMetadataKeyAverageSpeed] as? HKQuantity == savedWorkout.metadata?[HKMetadataKeyAverageSpeed] as? HKQuantity)
        // Saving keeps samples, route and beats with the workout; not saving keeps the workout alone.
        let kept = try await savedWith(savedWorkout, in: savingStore)
        #expect(kept[heartRate.identifier] == 120 && kept[HKSeriesType.workoutRoute().identifier] == 1 && kept[HKSeriesType.heartbeat().identifier] == 1)
        #expect((kept[HKQuantityType(.distanceWalkingRunning).identifier] ?? 0) > 100)
        let left = try await savedWith(workout, in: store)
        #expect(left.values.allSatisfy { $0 == 0 }, "\(left)")
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store)
        #expect(workouts.map(\.uuid) == [workout.uuid])
    }

    @Test func partOfAnArrayIsDeliveredInPlaceAroundOtherReadings() async throws {
        let (_, session, builder, dataSource) = try await run(sharing: [heartRate, HKWorkoutType()])
        // Heart rate of 100 + s at second s, with a device status after every tenth.
        let readings = (1...100).flatMap { second -> [WorkoutReading] in
            let sample = WorkoutReading.quantity(heartRateSample(Double(100 + second), at: Double(second)))
            guard second.isMultiple(of: 10) else { return [sample] }
            return [sample, .status(WorkoutSourceStatus(source: "strap", kind: second.isMultiple(of: 20) ? .connected : .contactLost, date: at(Double(second))))]
        }
        // Slices that start and end mid-array, split around the statuses.
        var offset = 0
        for length in [7, 13, 1, 40, 29, 20] where offset < readings.count {
            await dataSource.deliver(readings[offset..<min(offset + length, readings.count)], from: "strap")
            offset += length
        }
        await dataSource.deliver(Array(readings[offset...]), from: "strap")
        await dataSource.flush()
        #expect(builder.sampleCounts[heartRate] == 100)
        let statistics = try #require(builder.statistics(for: heartRate))
        #expect(statistics.minimumQuantity()?.doubleValue(for: bpm) == 101)
        #expect(statistics.maximumQuantity()?.doubleValue(for: bpm) == 200)
        #expect(statistics.mostRecentQuantityDateInterval()?.start == at(100))
        // Each lost contact after the first status, and each recovery, is marked once.
        let markers = (builder.workoutEvents).filter { $0.type == .marker }
        #expect(markers.count == 9)
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")
        session.end()
    }

    /// A live workout as Apple teaches it under proportional collection: the app shares the
    /// workout, and reads what it shows.
    func run(share: Set<HKSampleType>, read: Set<HKObjectType>?) async throws -> (HKHealthStore, HKWorkoutSession, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource) {
        let (store, _) = makeTemporaryStore()
        try await store.requestAuthorization(toShare: share, read: read)
        return try await run(.outdoor, in: store)
    }

    /// Ends and finishes the workout at `end` seconds.
    func finish(_ session: HKWorkoutSession, _ builder: HKLiveWorkoutBuilder, at end: Double) async throws -> HKWorkout {
        session.end()
        try await builder.endCollection(at: at(end))
        return try #require(try await builder.finishWorkout())
    }

    /// The samples of `type` saved with `workout`, read by an app that may read them.
    func saved(_ type: HKSampleType, with workout: HKWorkout, in store: HKHealthStore) async throws -> [HKSample] {
        let reader = HKHealthStore(location: store.location, source: HKSource(name: "Reader", bundleIdentifier: "org.example.reader"))
        try await reader.requestAuthorization(toShare: nil, read: [type])
        return try await HKSampleQueryDescriptor(predicates: [.sample(type: type, predicate: HKQuery.predicateForObjects(from: workout))],
                                                 sortDescriptors: []).result(for: reader)
    }

    /// How many values samples hold: a live workout's readings are saved as quantity series.
    func values(_ samples: [HKSample]) -> Int {
        samples.reduce(0) { $0 + (($1 as? HKQuantitySample)?.count ?? 1) }
    }

    @Test func whatTheDataSourceCollectsIsSavedWhenTheAppSharesOnlyTheWorkout() async throws {
        let (store, session, builder, dataSource) = try await run(share: [HKWorkoutType()], read: [heartRate, HKQuantityType(.distanceWalkingRunning)])
        for second in 1...3 { await dataSource.deliver([.quantity(heartRateSample(110 + 10 * Double(second), at: Double(second)))], from: "test") }
        await dataSource.flush()
        #expect(builder.statistics(for: heartRate)?.averageQuantity()?.doubleValue(for: bpm) == 130)
        let workout = try await finish(session, builder, at: 10)
        #expect(try await values(saved(heartRate, with: workout, in: store)) == 3)
        #expect(workout.statistics(for: heartRate)?.maximumQuantity()?.doubleValue(for: bpm) == 140)
        #expect(!dataSource.failures.contains { $0.contains(heartRate.identifier) }, "\(dataSource.failures)")
    }

    @Test func aTypeTheAppMayNotReadIsSavedButItsStatisticsAreHidden() async throws {
        let (store, session, builder, dataSource) = try await run(share: [HKWorkoutType()], read: nil)
        for second in 1...3 { await dataSource.deliver([.quantity(heartRateSample(120, at: Double(second)))], from: "test") }
        await dataSource.flush()
        #expect(builder.statistics(for: heartRate) == nil)
        #expect(builder.allStatistics[heartRate] == nil)
        let workout = try await finish(session, builder, at: 10)
        #expect(try await values(saved(heartRate, with: workout, in: store)) == 3)
    }

    @Test func aRouteIsSavedOnlyWhereTheAppMayShareRoutesAndNeverTwice() async throws {
        let fix = { (second: Double) in
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48.1 + second * 0.00003, longitude: 11.5), altitude: 500, horizontalAccuracy: 4,
                       verticalAccuracy: 6, course: 0, courseAccuracy: 5, speed: 3, speedAccuracy: 0.3, timestamp: at(second))
        }
        // Not allowed: the positions count toward distance, one notice says the route is left out, and the workout finishes.
        let (store, session, builder, dataSource) = try await run(share: [HKWorkoutType()], read: [HKQuantityType(.distanceWalkingRunning)])
        await dataSource.deliver((1...30).map { .location(fix(Double($0))) }, from: "gps")
        await dataSource.flush()
        #expect(dataSource.distanceFromLocations > 50)
        let workout = try await finish(session, builder, at: 31)
        #expect(try await saved(HKSeriesType.workoutRoute(), with: workout, in: store).isEmpty)
        #expect(dataSource.failures.filter { $0.hasPrefix("route:") }.count == 1, "\(dataSource.failures)")

        // Allowed, and the app builds its own route from the same fixes: its route replaces the data source's.
        let (other, session2, builder2, dataSource2) = try await run(share: [HKWorkoutType(), HKSeriesType.workoutRoute()], read: nil)
        await dataSource2.deliver((1...30).map { .location(fix(Double($0))) }, from: "gps")
        await dataSource2.flush()
        let appRoute = HKWorkoutRouteBuilder(healthStore: other, device: nil)
        try await appRoute.insertRouteData((1...30).map { fix(Double($0)) })
        let workout2 = try await finish(session2, builder2, at: 31)
        let before = try await saved(HKSeriesType.workoutRoute(), with: workout2, in: other)
        #expect(before.count == 1 && before.first?.metadata?[OpenHealthKitMetadataKeyCollectedByDataSource] as? Bool == true)
        let own = try await appRoute.finishRoute(with: workout2, metadata: nil)
        let after = try await saved(HKSeriesType.workoutRoute(), with: workout2, in: other)
        #expect(after.map(\.uuid) == [own.uuid])
        #expect(dataSource2.failures.isEmpty, "\(dataSource2.failures)")
    }
}
