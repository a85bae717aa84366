import Foundation
import Synchronization

extension HKLiveWorkoutDataSource {
    /// Starts reading every source into `builder`: each source runs as a child
    /// task of one task the data source owns, beside a ticker that writes out
    /// readings a silent source left waiting; cancelling it (``detach()``)
    /// cancels them all.
    func attach(to builder: HKLiveWorkoutBuilder) {
        if state.withLock({ $0.profileFromStore && $0.machine.profile == nil }) {
            let (profile, assumed) = builder.healthStore.energyProfile(at: builder.startDate ?? builder.clock.now)
            state.withLock { s in
                guard s.machine.profile == nil else { return }
                s.machine.profile = profile
                if !assumed.isEmpty {
                    s.tell(.failure(LiveFailure(.energy, message: "energy: the store holds no \(assumed.count == 4 ? "characteristics" : "full characteristics") for the user, so active energy assumes "
                                      + assumed.joined(separator: ", ") + "; set them with `workout characteristics` (or HKHealthStore.setUserProfile and body mass and height samples)")))
                }
            }
        }
        let writer = ReadingWriter { [weak self] batch in await self?.write(batch) }
        let earlier = state.withLock { s -> Task<Void, Never>? in
            let earlier = s.lifecycle.attach(.init(builder: WeakReference(builder), writer: writer, reading: nil, running: sources.count))
            guard !sources.isEmpty else { return earlier }
            // The tasks hold the data source and the builder weakly: dropping
            // them stops the reading at the next reading.
            let sources = sources, dataSource = WeakReference(self), builder = WeakReference(builder)
            s.lifecycle.started(Task {
                await withDiscardingTaskGroup { group in
                    for source in sources {
                        group.addTask { await Self.read(source, into: dataSource, builder: builder) }
                    }
                    // A source that falls silent must not leave its last readings in the
                    // buffer: write out anything older than the flush interval, while
                    // a source runs.
                    group.addTask {
                        while !Task.isCancelled {
                            do { try await Task.sleep(for: .seconds(PendingWrites.flushInterval)) } catch { return }
                            guard let self = dataSource.value, let builder = builder.value, self.state.withLock({ $0.lifecycle.running > 0 }) else { return }
                            await self.flushIfOverdue(into: builder)
                        }
                    }
                }
            })
            return earlier
        }
        earlier?.cancel()
    }

    /// Reads `source` into the builder until it ends, the task is cancelled,
    /// or the data source or builder is gone; then writes out what it left
    /// and counts it finished.
    private static func read(_ source: any WorkoutDataSource, into dataSource: WeakReference<HKLiveWorkoutDataSource>,
                             builder: WeakReference<HKLiveWorkoutBuilder>) async {
        do {
            for try await reading in source.readings() {
                guard let self = dataSource.value, let builder = builder.value else { return }
                await self.absorb(CollectionOfOne(reading), from: source.name, builder: builder)
            }
        } catch {
            dataSource.value?.fail(LiveFailure(.source, source: source.name, message: "\(source.name): \(error)"))
        }
        if let self = dataSource.value, let builder = builder.value { await self.flushAndWait(into: builder) }
        guard let self = dataSource.value else { return }
        self.state.withLock { $0.lifecycle.sourceEnded() }
        self.finished.continuation.yield()
    }

    /// Stops reading every source; the writer finishes what it was handed.
    func detach() {
        state.withLock { $0.lifecycle.stop() }?.cancel()
    }

    /// Handles `readings` from a source that paces itself, such as a scenario
    /// replayed on a virtual clock, exactly as readings from ``sources`` are
    /// handled, and returns once they count toward the builder's statistics
    /// (they are written to the store shortly after; ``flush()`` waits for that).
    ///
    /// Delivering from the task that also drives the session keeps the order of
    /// readings and session changes deterministic. Readings delivered before the
    /// data source is set on a builder are dropped.
    public func deliver(_ readings: some Sequence<WorkoutReading>, from sourceName: String) async {
        // One concrete array: a generic sequence from another module would be
        // iterated through witness calls, a reading at a time.
        await deliver(Array(readings)[...], from: sourceName)
    }

    /// Handles an array of readings in place, as the form for any sequence does.
    public func deliver(_ readings: [WorkoutReading], from sourceName: String) async {
        await deliver(readings[...], from: sourceName)
    }

    /// Handles part of an array of readings in place, without copying them
    /// first, as the form for any sequence does.
    public func deliver(_ readings: ArraySlice<WorkoutReading>, from sourceName: String) async {
        guard let builder = state.withLock({ $0.lifecycle.builder }) else { return }
        await absorb(readings, from: sourceName, builder: builder)
    }

    /// Writes out the readings buffered so far and waits until they are in the
    /// store; ``HKWorkoutBuilder/finishWorkout()`` does this too.
    public func flush() async {
        guard let builder = state.withLock({ $0.lifecycle.builder }) else { return }
        await flushAndWait(into: builder)
    }

    /// Hands what waits to the writer if it has waited a second on the write
    /// clock: what the data source's ticker does every second, callable from a
    /// test that moves a virtual write clock.
    package func flushIfOverdue() async {
        guard let builder = state.withLock({ $0.lifecycle.builder }) else { return }
        await flushIfOverdue(into: builder)
    }

    func flushIfOverdue(into builder: HKLiveWorkoutBuilder) async {
        let now = writeClock.now
        if state.withLock({ $0.pending.isOverdue(at: now) }) { await flush(into: builder) }
    }

    /// The session and builder as the machine needs them, read once per run.
    private func moment(of builder: HKLiveWorkoutBuilder) -> LiveReadingsMachine.Moment {
        let requested = builder.workoutSession?.requestedState
        let collection = builder.collectionState
        return LiveReadingsMachine.Moment(sessionRunning: requested == .running, sessionPaused: requested == .paused, workoutStart: collection.start,
                                          collecting: collection.state == .active,
                                          leg: builder.currentWorkoutActivity?.workoutConfiguration.activityType)
    }

    /// Runs `readings` through the machine and carries out its actions: a run
    /// of readings is absorbed under one lock into a batch, counted and
    /// buffered together; it stops after a reading whose actions must be
    /// carried out between readings (an event, a pause or resume, a heartbeat,
    /// a marker), so that they come between the readings before and after,
    /// exactly as one reading at a time.
    func absorb(_ readings: some Collection<WorkoutReading>, from sourceName: String, builder: HKLiveWorkoutBuilder) async {
        var rest = readings[...]
        while !rest.isEmpty {
            let moment = moment(of: builder)
            var batch = LiveReadingsBatch(expectedReadings: rest.count)
            state.withLock { s in
                while !batch.isInterrupted, let reading = rest.first {
                    rest = rest.dropFirst()
                    s.machine.absorb(reading, at: moment, into: &batch)
                    if case .status(let status) = reading { s.tell(.status(status)) }
                }
            }
            if !batch.isEmpty { await collect(batch, into: builder) }
            await carryOut(batch.afterwards, from: sourceName, builder: builder)
        }
    }

    /// Carries out actions in order; runs of quantities and positions among
    /// them are collected together.
    private func carryOut(_ actions: [LiveReadingsMachine.Action], from sourceName: String, builder: HKLiveWorkoutBuilder) async {
        var run = LiveReadingsBatch(expectedReadings: 0)
        for action in actions {
            switch action {
            case .collect, .derive, .route:
                run.perform(action)
                continue
            case .generate, .pauseSession, .resumeSession, .addHeartbeat, .mark:
                break
            }
            if !run.isEmpty {
                await collect(run, into: builder)
                run = LiveReadingsBatch(expectedReadings: 0)
            }
            switch action {
            case .generate(let type, let date):
                builder.workoutSession?.generate(HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil))
            case .pauseSession(let date):
                builder.workoutSession?.pause(at: date)
            case .resumeSession(let date):
                builder.workoutSession?.resume(at: date)
            case .addHeartbeat(let seriesStart, let offset, let gap):
                let series = state.withLock { s in
                    if s.heartbeatSeries == nil { s.heartbeatSeries = HKHeartbeatSeriesBuilder(healthStore: builder.healthStore, device: nil, start: seriesStart, collectedByDataSource: true) }
                    return s.heartbeatSeries
                }
                do { try await series?.addHeartbeat(at: offset, precededByGap: gap) } catch {
                    fail(LiveFailure(.heartbeats, source: sourceName, message: "\(sourceName): \(error)"))
                }
            case .mark(let event):
                do { try await builder.addWorkoutEvents([event]) } catch {
                    let source = event.metadata?[OpenHealthKitMetadataKeyDeviceSource] as? String ?? sourceName
                    fail(LiveFailure(.event, source: source, message: "\(source): \(error)"))
                }
            case .collect, .derive, .route:
                break
            }
        }
        if !run.isEmpty { await collect(run, into: builder) }
    }
}
