import Foundation
import Synchronization

extension HKWorkoutBuilder {
    // MARK: Finishing

    /// Saves the workout: its dates, active duration, events inside its
    /// interval, activities, statistics (pauses masked) and metadata.
    ///
    /// - Throws: "Unable to finish a workout that is not currently ended." unless collection has ended.
    public func finishWorkout() async throws -> HKWorkout? {
        await participant?.builderWillFinish(self)
        // A finish that happened before a crash is reconciled, not repeated.
        if storage.withLock({ $0.state == .ended }), let saved = try await healthStore.savedWorkout(workoutUUID) {
            storage.withLock { $0.state = .finished }
            tell(.finished(saved))
            return saved
        }
        let derived = participant?.derivedMetadata(of: self) ?? [:]
        let derivedByActivity = participant?.derivedActivityMetadata(of: self) ?? [:]
        let workout = try storage.withLock { s throws(HKError) -> HKWorkout in
            guard s.state == .ended, let start = s.startDate, let end = s.endDate else {
                throw HKError(.errorInvalidArgument, "Unable to finish a workout that is not currently ended.")
            }
            let events = s.events.filter { $0.dateInterval.start >= start && $0.dateInterval.end <= end }
            var metadata = derived
            metadata.merge(MetadataValue.decode(s.metadata) ?? [:]) { _, own in own }
            if metadata[HKMetadataKeyIndoorWorkout] == nil, workoutConfiguration.locationType != .unknown {
                metadata[HKMetadataKeyIndoorWorkout] = workoutConfiguration.locationType == .indoor
            }
            return HKWorkout(unchecked: workoutConfiguration.activityType, start: start, end: end,
                             duration: ElapsedTime.activeDuration(start: start, end: end, events: s.events, at: end),
                             events: events, activities: s.activities.map { $0.adding(derivedByActivity[$0.uuid]) }, statistics: s.figures.current,
                             uuid: workoutUUID, device: device, metadata: metadata, sourceRevision: HKSourceRevision(
                                source: healthStore.source, version: nil))
        }
        try await healthStore.save(workout)
        await participant?.builder(self, finishSeriesWith: workout)
        if let route = routeBuilder.withLock({ $0 }), route.hasLocations {
            // A route only the data source fed is marked so: an app that builds its own replaces it.
            _ = try await route.finishRoute(with: workout, metadata: route.insertedByApp ? nil : [OpenHealthKitMetadataKeyCollectedByDataSource: true])
        }
        storage.withLock { $0.state = .finished }
        tell(.finished(workout))
        return workout
    }

    /// Completion-handler form of ``finishWorkout()``.
    @preconcurrency
    public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        completing(completion, optional: { try await self.finishWorkout() })
    }

    /// Throws the workout away and deletes the samples saved for it.
    public func discardWorkout() {
        let discarded = storage.withLock { s -> Bool in
            guard s.state != .finished, s.state != .discarded else { return false }
            s.state = .discarded
            return true
        }
        guard discarded else { return }
        routeBuilder.withLock { $0?.discard() }
        tell(.discarded)
        let store = healthStore, workout = workoutUUID
        Task.detached { [self] in
            await participant?.builderWillDiscard(self)
            try? await store.deleteAssociated(with: workout)
        }
    }
}

extension HKWorkoutActivity {
    /// The activity with `derived` metadata added; its own metadata wins.
    fileprivate func adding(_ derived: [String: Any]?) -> HKWorkoutActivity {
        guard let derived, !derived.isEmpty else { return self }
        var merged = derived
        merged.merge(metadata ?? [:]) { _, own in own }
        return HKWorkoutActivity(uuid: uuid, configuration: workoutConfiguration, start: startDate, end: endDate, metadata: merged,
                                 events: workoutEvents, statistics: allStatistics)
    }
}
