public import Foundation

/// Reads a route's positions with Swift concurrency, in time order.
///
/// ```swift
/// for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: store) {
///     track.append(location.coordinate)
/// }
/// ```
public struct HKWorkoutRouteQueryDescriptor: Sendable {
    /// The route to read.
    public let workoutRoute: HKWorkoutRoute
    /// Only the positions taken in this interval, when given.
    public let dateInterval: DateInterval?

    /// Describes a query for every position of `workoutRoute`.
    public init(_ workoutRoute: HKWorkoutRoute) {
        self.workoutRoute = workoutRoute
        self.dateInterval = nil
    }

    /// Describes a query for the positions of `workoutRoute` taken in `dateInterval`.
    public init(_ workoutRoute: HKWorkoutRoute, dateInterval: DateInterval) {
        self.workoutRoute = workoutRoute
        self.dateInterval = dateInterval
    }

    /// The positions, oldest first.
    public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<CLLocation, any Error> {
        let route = workoutRoute.uuid, interval = dateInterval
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for location in try await healthStore.routeLocations(route) where interval?.contains(location.timestamp) ?? true {
                        if Task.isCancelled { break }
                        continuation.yield(location)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Every position at once, oldest first.
    public func result(for healthStore: HKHealthStore) async throws -> [CLLocation] {
        var locations: [CLLocation] = []
        for try await location in results(for: healthStore) { locations.append(location) }
        return locations
    }
}
