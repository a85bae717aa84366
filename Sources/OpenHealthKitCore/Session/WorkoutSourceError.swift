import Foundation
import Synchronization

/// A source that could not be configured or failed.
public struct WorkoutSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong and what to do.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
