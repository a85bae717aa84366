import Foundation
import Synchronization

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
