public import Foundation
import Synchronization

/// Makes sources from specifications, by scheme.
///
/// Modules that provide sources register a factory for their scheme; the plain
/// ``HKLiveWorkoutDataSource/init(healthStore:workoutConfiguration:)`` then
/// builds the sources `OPENHEALTHKIT_SOURCES` names.
public enum WorkoutSourceRegistry {
    /// Builds a source from a specification.
    public typealias Factory = @Sendable (WorkoutSourceSpecification) throws -> any WorkoutDataSource

    private static let factories = Mutex<[String: Factory]>([:])

    /// Registers (or replaces) the factory for `scheme`.
    public static func register(scheme: String, factory: @escaping Factory) {
        factories.withLock { $0[scheme.lowercased()] = factory }
    }

    /// The sources for `specifications`.
    public static func sources(for specifications: [WorkoutSourceSpecification]) throws -> [any WorkoutDataSource] {
        try specifications.map { specification in
            guard let factory = factories.withLock({ $0[specification.scheme] }) else {
                let known = factories.withLock { $0.keys.sorted() }
                throw WorkoutSourceError("No source handles '\(specification.scheme):' (in '\(specification)'); "
                    + (known.isEmpty ? "this program registers no live sources" : "known schemes: \(known.joined(separator: ", "))"))
            }
            return try factory(specification)
        }
    }

    /// The sources `OPENHEALTHKIT_SOURCES` names; none when it is unset.
    public static func configuredSources(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [any WorkoutDataSource] {
        guard let text = environment["OPENHEALTHKIT_SOURCES"], !text.isEmpty else { return [] }
        return try sources(for: WorkoutSourceSpecification.list(text))
    }
}
