/// Why the club's database did not answer.
public enum ClubDatabaseError: Error, Sendable, CustomStringConvertible {
    /// The database cannot be reached or opened.
    case unavailable(String)
    /// The database refused a statement.
    case failed(statement: String, reason: String)
    /// The `--database` address is not one the club can use.
    case badAddress(String)

    public var description: String {
        switch self {
        case .unavailable(let message), .badAddress(let message): message
        case .failed(let statement, let reason):
            "The club's database refused a statement: \(reason)\(statement.isEmpty ? "" : " (in: \(statement.prefix(120)))")"
        }
    }
}
