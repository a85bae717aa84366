/// A list query that cannot be used: which parameter, and what it takes.
public struct WorkoutListQueryError: Error, Sendable, CustomStringConvertible {
    /// The message for the person who asked.
    public let description: String

    init(_ description: String) { self.description = description }
}
