public import Foundation

/// Where the embedded store lives.
///
/// ``HKHealthStore/init()`` resolves it from the environment:
///
/// 1. `$OPENHEALTHKIT_STORE`: a file path, or `:memory:` for a store that lives
///    only as long as the process (shared by every ``HKHealthStore`` in it);
/// 2. otherwise `$XDG_DATA_HOME/openhealthkit/health.sqlite`;
/// 3. otherwise `~/.local/share/openhealthkit/health.sqlite`.
///
/// The folder is created with mode 0700 and the database with mode 0600,
/// because this is health data.
public enum StoreLocation: Hashable, Sendable, CustomStringConvertible {
    /// A SQLite file.
    case file(String)
    /// A store in memory, shared within the process.
    case inMemory

    /// The location named by the environment, as described above.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> StoreLocation {
        if let explicit = environment["OPENHEALTHKIT_STORE"], !explicit.isEmpty {
            return explicit == ":memory:" ? .inMemory : .file(explicit)
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return .file(dataHome + "/openhealthkit/health.sqlite")
    }

    /// The path, or `:memory:`.
    public var description: String {
        switch self {
        case .file(let path): path
        case .inMemory: ":memory:"
        }
    }
}
