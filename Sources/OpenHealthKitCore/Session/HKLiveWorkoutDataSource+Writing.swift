import Foundation
import Synchronization

extension HKLiveWorkoutDataSource {
    /// Counts a batch's quantities toward the builder's statistics at once,
    /// and buffers them and its positions for the writer (``PendingWrites``
    /// says when the buffer is handed over).
    func collect(_ batch: LiveReadingsBatch, into builder: HKLiveWorkoutBuilder) async {
        var batch = batch
        // What the data source collects is the system's (HealthKit's proportional collection): saved with the
        // workout whatever the app may share. Its positions make the workout's route only where the app may
        // share routes and does not feed the route itself.
        if !batch.locations.isEmpty, !recordsRoute(for: builder) { batch.leaveOutLocations() }
        let counts: Bool
        do { counts = try builder.acceptsSamples() } catch {
            fail(LiveFailure(.builder, message: "\(error)"))
            return
        }
        let types = counts && !batch.rows.isEmpty ? builder.count(batch.rows) : []
        let now = writeClock.now
        let due = state.withLock { s in
            let saves = s.machine.savesCollectedData
            return s.pending.add(samples: batch.samples, derived: batch.derived, locations: batch.locations, types: types,
                                 writesQuantities: saves && counts, writesLocations: saves, at: now)
        }
        if due { await flush(into: builder) }
    }

    /// Whether positions go to the workout's route: the app may share routes (asked once per
    /// workout; when it may not, one notice in ``failures`` says the route is left out), and it
    /// has not inserted positions into the builder's route builder itself.
    private func recordsRoute(for builder: HKLiveWorkoutBuilder) -> Bool {
        let allowed: Bool
        if let known = state.withLock({ $0.routeAllowed }) { allowed = known } else {
            let error = builder.healthStore.sharingError(for: HKSeriesType.workoutRoute())
            allowed = error == nil
            state.withLock { s in
                s.routeAllowed = allowed
                if let error { s.tell(.failure(LiveFailure(.route, message: "route: positions count toward distance, but no route is saved: \(error.localizedDescription)"))) }
            }
        }
        guard allowed else { return false }
        return !(builder.existingRouteBuilder?.insertedByApp ?? false)
    }

    /// Tells the builder's delegate of the types counted since it last heard,
    /// and hands the buffer to the writer (waiting only while its backlog is full).
    func flush(into builder: HKLiveWorkoutBuilder) async {
        let now = writeClock.now
        let (handOver, writer) = state.withLock { s in (s.pending.handOver(at: now), s.lifecycle.writer) }
        if !handOver.types.isEmpty { builder.tell(.collected(handOver.types)) }
        await writer?.enqueue(handOver.batch)
    }

    /// Hands the buffer over and waits until everything is written.
    func flushAndWait(into builder: HKLiveWorkoutBuilder) async {
        await flush(into: builder)
        let writer = state.withLock { $0.lifecycle.writer }
        await writer?.drain()
        // Readings the store refused earlier get one more try, even with nothing
        // new to write, on the writer's task: writes never run side by side.
        if state.withLock({ $0.unwritten.count > 0 }) {
            await writer?.enqueue(ReadingWriter.Batch(samples: [], locations: []), evenIfEmpty: true)
            await writer?.drain()
        }
    }

    /// Waits until what was handed to the writer is written, handing nothing
    /// more over: what waits in the buffer stays there.
    package func waitForWrites() async {
        await state.withLock { $0.lifecycle.writer }?.drain()
    }

    /// Waits for the writes under way, taking no more: for a discarded workout.
    func closeAndDrain() async {
        let writer = state.withLock { $0.lifecycle.writer }
        writer?.close()
        await writer?.drain()
    }

    /// The most readings held in memory while the store refuses writes: about
    /// an hour of a GPS at 1 Hz and a strap at 4 Hz with their derived
    /// quantities, some 100 MB; beyond, the oldest are dropped and counted.
    static let unwrittenLimit = 500_000

    /// Writes one batch after the readings an earlier write could not store,
    /// in one transaction when the store takes all of it (the usual case: one
    /// commit per write). Else it writes the positions to the route, then
    /// makes one save per sample type, so that a type failing cannot hide
    /// another. What the store refuses for a reason that may pass
    /// (``StoreWriteFailure/isTransient``) is held and tried again with the
    /// next batch; the trouble is reported once, and so is its end.
    func write(_ fresh: ReadingWriter.Batch) async {
        guard let builder = state.withLock({ $0.lifecycle.builder }) else { return }
        var batch = state.withLock { s -> ReadingWriter.Batch in
            var held = s.unwritten
            s.unwritten = ReadingWriter.Batch(samples: [], locations: [])
            held.append(fresh)
            return held
        }
        let groups = Self.groups(of: batch)
        if await writeTogether(batch, groups: groups, builder: builder) {
            state.withLock { $0.storeWrittenAgain() }
            return
        }
        var refused = ReadingWriter.Batch(samples: [], locations: [])
        var trouble: StoreWriteFailure?
        func failed(_ what: String, _ error: any Error) -> Bool {
            let failure = StoreWriteFailure(error)
            guard failure.isTransient else {
                state.withLock { s in
                    let message = "\(what): \(failure)"
                    if !s.failures.contains(where: { $0.message == message }) { s.tell(.failure(LiveFailure(.store, message: message))) }
                }
                return false
            }
            trouble = failure
            return true
        }
        if !batch.locations.isEmpty {
            do {
                try await builder.seriesBuilder(for: .workoutRoute())?.insertCollected(batch.locations)
            } catch {
                if failed("route", error) { refused.locations = batch.locations }
            }
        }
        batch.locations = []
        for group in groups {
            do {
                let plan = state.withLock { $0.series }.plan(type: group.type, samples: group.samples, derived: group.derived)
                try await builder.healthStore.saveAssociated(plan.samples, series: plan.series, to: builder.workoutUUID, collected: true)
                state.withLock { $0.series.commit(plan) }
            } catch {
                if failed(group.type.identifier, error) {
                    refused.samples += group.samples
                    refused.derived += group.derived
                }
            }
        }
        state.withLock { s in
            if let trouble {
                var dropped = 0
                if refused.count > Self.unwrittenLimit {
                    dropped = refused.count - Self.unwrittenLimit
                    let samples = min(dropped, refused.samples.count)
                    refused.samples.removeFirst(samples)
                    refused.derived.removeFirst(min(dropped - samples, refused.derived.count))
                }
                s.unwritten = refused
                let message = "the store could not be written: \(trouble); \(refused.count) \(refused.count == 1 ? "reading is" : "readings are") held in memory and written once it can"
                    + (dropped > 0 ? " (\(dropped) of the oldest were dropped)" : "")
                if s.storeTrouble != trouble.description {
                    s.storeTrouble = trouble.description
                    s.tell(.failure(LiveFailure(.store, message: message)))
                }
            } else {
                s.storeWrittenAgain()
            }
        }
    }

    /// One type's samples and derived quantities in a batch.
    typealias TypeGroup = (type: HKSampleType, samples: [HKSample], derived: [DerivedQuantity])

    /// A batch's samples and derived quantities grouped by type, in order of
    /// first appearance, as TypedRows.Groups groups rows: a batch holds a
    /// handful of types, and equal types are often separate objects, so a
    /// short scan compares them by ==. Derived quantities, which alternate
    /// between their few types, find their group by ``DerivedQuantity/typeIndex``,
    /// and each group's quantities are counted first so that its array grows once.
    static func groups(of batch: ReadingWriter.Batch) -> [TypeGroup] {
        var groups: [TypeGroup] = []
        // Readings of one type come in runs: the last group found is tried first, by identity.
        var last = -1
        func index(of type: HKSampleType) -> Int {
            if last >= 0, groups[last].type === type { return last }
            if let index = groups.firstIndex(where: { $0.type == type }) {
                last = index
                return index
            }
            groups.append((type, [], []))
            last = groups.count - 1
            return last
        }
        for sample in batch.samples {
            let group = index(of: sample.sampleType)
            // Most batches hold one type of sample: room for all of them at once.
            if groups[group].samples.isEmpty { groups[group].samples.reserveCapacity(batch.samples.count) }
            groups[group].samples.append(sample)
        }
        guard !batch.derived.isEmpty else { return groups }
        var counts = [Int](repeating: 0, count: DerivedQuantity.types.count)
        for quantity in batch.derived { counts[Int(quantity.typeIndex)] += 1 }
        var slots = [Int](repeating: -1, count: counts.count)
        for quantity in batch.derived {
            let slot = Int(quantity.typeIndex)
            var group = slots[slot]
            if group < 0 {
                group = index(of: quantity.type)
                slots[slot] = group
                groups[group].derived.reserveCapacity(counts[slot])
            }
            groups[group].derived.append(quantity)
        }
        return groups
    }

    /// Writes the whole batch, positions, samples and series, in one
    /// transaction; `false` when anything refused it, and then nothing of it
    /// was written.
    private func writeTogether(_ batch: ReadingWriter.Batch, groups: [TypeGroup],
                               builder: HKLiveWorkoutBuilder) async -> Bool {
        let routeBuilder = batch.locations.isEmpty ? nil : builder.seriesBuilder(for: .workoutRoute())
        if let routeBuilder {
            do { try routeBuilder.check(batch.locations) } catch { return false }
        }
        let series = state.withLock { $0.series }
        let plans = groups.map { series.plan(type: $0.type, samples: $0.samples, derived: $0.derived) }
        do {
            try await builder.healthStore.saveAssociated(plans.flatMap(\.samples), series: plans.flatMap(\.series), locations: batch.locations,
                                                         route: routeBuilder?.routeUUID, to: builder.workoutUUID, collected: true)
        } catch {
            return false
        }
        routeBuilder?.didWrite(batch.locations)
        state.withLock { s in for plan in plans { s.series.commit(plan) } }
        return true
    }

    /// Saves the heartbeat series with `workout` and, from its RR intervals, a
    /// heart-rate-variability sample (SDNN, with RMSSD in its metadata).
    /// Failures are recorded in ``failures`` rather than failing the workout.
    func finishHeartbeats(workout: HKWorkout, store: HKHealthStore) async {
        let (seriesBuilder, intervals) = state.withLock { s -> (HKHeartbeatSeriesBuilder?, [TimeInterval]) in
            defer { s.heartbeatSeries = nil }
            return (s.heartbeatSeries, s.machine.finishHeartbeats())
        }
        guard let seriesBuilder else { return }
        do {
            let series = try await seriesBuilder.finishSeries(workout: workout.uuid)
            if let sdnn = HeartbeatSeries.sdnn(intervals), let rmssd = HeartbeatSeries.rmssd(intervals),
               state.withLock({ $0.machine.types.contains(HKQuantityType(.heartRateVariabilitySDNN)) }) {
                let sample = HKQuantitySample(type: HKQuantityType(.heartRateVariabilitySDNN),
                                              quantity: HKQuantity(unit: .secondUnit(with: .milli), doubleValue: sdnn * 1000),
                                              start: series.startDate, end: series.endDate, metadata: [OpenHealthKitMetadataKeyRMSSD: rmssd])
                try await store.saveAssociated([sample], to: workout.uuid, collected: true)
            }
        } catch {
            fail(LiveFailure(.heartbeats, message: "heartbeats: \(error)"))
        }
    }

}
