public import Foundation
import Synchronization

/// One reading from a live source.
public enum WorkoutReading: Sendable {
    /// A measured quantity: heart rate, power, cadence, energy from a strap, ….
    case quantity(HKQuantitySample)
    /// A position fix, timed by the receiver.
    case location(CLLocation)
    /// A beat-to-beat (RR) interval in seconds, ending at `date`.
    case heartbeat(interval: TimeInterval, date: Date)
    /// A change in a device's state: connected, lost fix, contact lost, ….
    case status(WorkoutSourceStatus)
}

/// A device's state, as its source reports it.
public struct WorkoutSourceStatus: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// The device is connected and delivering data.
        case connected
        /// The device went away (unplugged, daemon gone, …).
        case disconnected
        /// The device is reconnecting after a loss.
        case reconnecting
        /// The device is connected but has sent nothing for a while.
        case stale
        /// A GPS receiver has no fix.
        case noFix
        /// A GPS receiver has a 2D fix.
        case fix2D
        /// A GPS receiver has a 3D fix.
        case fix3D
        /// A heart-rate strap lost skin contact.
        case contactLost
        /// A heart-rate strap regained skin contact.
        case contactRestored
    }

    /// The source's name, such as `gpsd://localhost:2947`.
    public var source: String
    /// What happened.
    public var kind: Kind
    /// When it happened, on the source's clock.
    public var date: Date
    /// Details for a person: a device path, an error, a satellite count.
    public var detail: String

    /// Describes a status change.
    public init(source: String, kind: Kind, date: Date, detail: String = "") {
        self.source = source
        self.kind = kind
        self.date = date
        self.detail = detail
    }
}

/// A live source of readings: a gpsd daemon, a heart-rate strap, a scenario.
///
/// Each call to ``readings()`` starts the source and returns its readings until
/// it ends or the consuming task is cancelled.
public protocol WorkoutDataSource: Sendable {
    /// A name for messages, such as `hrm:/dev/ttyUSB0`.
    var name: String { get }
    /// Starts the source and streams its readings.
    func readings() -> AsyncThrowingStream<WorkoutReading, any Error>
}

/// A source specification from `OPENHEALTHKIT_SOURCES`, such as
/// `gpsd://localhost:2947` or `hrm:/dev/ttyUSB0?baud=115200&framing=hrm1`.
public struct WorkoutSourceSpecification: Hashable, Sendable, CustomStringConvertible {
    /// The scheme: `scenario`, `gpsd`, `hrm`, ….
    public let scheme: String
    /// What follows the scheme, without the query: a path or `host:port`.
    public let location: String
    /// The query's parameters.
    public let parameters: [String: String]
    /// The specification as written.
    public let description: String

    /// Parses one specification.
    ///
    /// - Throws: ``WorkoutSourceError`` naming the specification and what is wrong.
    public init(parsing text: String) throws(WorkoutSourceError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex else {
            throw WorkoutSourceError("'\(trimmed)' has no scheme; write scenario:FILE, gpsd://HOST:PORT or hrm:DEVICE")
        }
        scheme = String(trimmed[..<colon]).lowercased()
        var rest = String(trimmed[trimmed.index(after: colon)...])
        if rest.hasPrefix("//") { rest.removeFirst(2) }
        var parameters: [String: String] = [:]
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") where !pair.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw WorkoutSourceError("'\(trimmed)': parameter '\(pair)' is not NAME=VALUE")
                }
                parameters[parts[0]] = parts[1]
            }
            rest = String(rest[..<question])
        }
        guard !rest.isEmpty else { throw WorkoutSourceError("'\(trimmed)' names no device, host or file after '\(scheme):'") }
        location = rest
        self.parameters = parameters
        description = trimmed
    }

    /// Parses a comma-separated list, as `OPENHEALTHKIT_SOURCES` holds.
    public static func list(_ text: String) throws(WorkoutSourceError) -> [WorkoutSourceSpecification] {
        var result: [WorkoutSourceSpecification] = []
        for part in text.split(separator: ",") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
            result.append(try WorkoutSourceSpecification(parsing: String(part)))
        }
        return result
    }
}

/// A source that could not be configured or failed.
public struct WorkoutSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong and what to do.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

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
