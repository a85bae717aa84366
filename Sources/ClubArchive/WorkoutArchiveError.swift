/// Why bytes are not a workout archive; each case says where.
public enum WorkoutArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes do not start with `OHKA`.
    case notAnArchive
    /// A version this program does not read.
    case unsupportedVersion(Int)
    /// The bytes end before a part they announce.
    case truncated(offset: Int, needed: Int)
    /// A section's JSON is not what it should be.
    case badSection(name: String, offset: Int, reason: String)
    /// A column holds a different number of values than its neighbours.
    case columnLength(name: String, offset: Int, count: Int, expected: Int)
    /// A part is larger than any workout needs.
    case tooLarge(offset: Int, what: String)
    /// The summary's identifier is not a UUID.
    case badIdentifier(String)

    public var description: String {
        switch self {
        case .notAnArchive: "The bytes are not a workout archive (they do not start with OHKA); send what `workout sync` sends."
        case .unsupportedVersion(let version): "The archive is of version \(version), which this server does not read; update the server."
        case let .truncated(offset, needed): "The archive ends at byte \(offset), \(needed) bytes short of its next part; the upload was cut: send it again."
        case let .badSection(name, offset, reason): "The archive's \(name) at byte \(offset) cannot be read: \(reason)."
        case let .columnLength(name, offset, count, expected): "The archive's column '\(name)' at byte \(offset) holds \(count) values where \(expected) were expected."
        case let .tooLarge(offset, what): "The archive's \(what) at byte \(offset) is larger than any workout needs."
        case .badIdentifier(let id): "The archive's workout identifier '\(id)' is not a UUID."
        }
    }
}
