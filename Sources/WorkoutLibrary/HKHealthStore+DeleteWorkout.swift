public import OpenHealthKitCore
import WorkoutFormats

extension HKHealthStore {
    /// Deletes a workout with every sample, route and heartbeat series recorded with it.
    ///
    /// - Returns: How many samples were deleted beside the workout.
    @discardableResult
    public func deleteWorkoutAndSamples(_ workout: HKWorkout) async throws -> Int {
        let types: [HKSampleType] = QuantityTypeTable.standard.entries.keys.map { HKQuantityType($0) } + [HKSeriesType.workoutRoute(), HKSeriesType.heartbeat()]
        let associated = try await HKSampleQueryDescriptor(predicates: types.map { .sample(type: $0, predicate: HKQuery.predicateForObjects(from: workout)) },
                                                           sortDescriptors: []).result(for: self)
        try await delete(associated + [workout])
        return associated.count
    }
}
