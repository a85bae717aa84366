import Foundation

/// Something that went wrong during a live workout, in a sentence for a person,
/// with what it concerns: a source, the store, the route, the energy estimate.
/// (An OpenHealthKit addition: HealthKit's data source fails silently.)
public struct LiveFailure: Codable, Sendable, Hashable, CustomStringConvertible {
    /// What a failure concerns.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// A source ended with an error.
        case source
        /// The store refused writes; the readings are held meanwhile.
        case store
        /// The store takes writes again: the end of a ``store`` failure.
        case storeRecovered
        /// The app may not share routes: positions count toward distance, no route is saved.
        case route
        /// Energy rests on assumed characteristics of the user.
        case energy
        /// The heartbeat series could not be saved.
        case heartbeats
        /// A device event could not be added to the workout.
        case event
        /// The builder refused readings (its collection had ended or failed).
        case builder
    }

    /// What it concerns.
    public var kind: Kind
    /// The source it comes from, when one: `gpsd://localhost:2947`, `hrm:/dev/ttyUSB0`.
    public var source: String?
    /// What went wrong and what to do, for a person.
    public var message: String

    /// A failure of `kind`, from `source` when one.
    public init(_ kind: Kind, source: String? = nil, message: String) {
        self.kind = kind
        self.source = source
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The failures of `failures` (in the order told) still in force, the newest `limit` of them: the store's
    /// trouble until it is written again, with the latest message only; every other failure as told, once.
    public static func inForce(_ failures: some Sequence<LiveFailure>, limit: Int = 3) -> [LiveFailure] {
        var kept: [LiveFailure] = []
        for failure in failures {
            switch failure.kind {
            case .store:
                kept.removeAll { $0.kind == .store }
                kept.append(failure)
            case .storeRecovered:
                kept.removeAll { $0.kind == .store }
            default:
                if !kept.contains(failure) { kept.append(failure) }
            }
        }
        return Array(kept.suffix(limit))
    }
}
