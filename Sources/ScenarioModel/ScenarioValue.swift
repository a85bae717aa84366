import Foundation

/// A value an expectation can judge.
public enum ScenarioValue: Sendable, Hashable, CustomStringConvertible {
    /// A number.
    case number(Double)
    /// A word, such as a state.
    case text(String)
    /// Words in order, such as event types.
    case list([String])

    /// The value for people.
    public var description: String {
        switch self {
        case .number(let value): format(value)
        case .text(let text): text
        case .list(let items): "[" + items.joined(separator: ", ") + "]"
        }
    }
}
