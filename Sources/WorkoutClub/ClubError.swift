/// Why the club refused a change.
public enum ClubError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An athlete or a group has the name already.
    case nameTaken(String)
    /// A value is not acceptable; the message says which and why.
    case invalid(String)

    public var description: String {
        switch self {
        case .nameTaken(let name): "'\(name)' is taken; choose another name."
        case .invalid(let message): message
        }
    }
}
