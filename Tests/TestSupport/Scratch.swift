public import Foundation

/// Where tests put their files: one folder for the whole test process,
/// removed when the process exits, so a run leaves nothing behind in the
/// temporary directory (stores keep `-wal` and `-shm` files beside them
/// until they close, and daemons leave sockets).
public enum Scratch {
    /// The test process's folder, made on first use.
    public static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openhealthkit-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.folder) }
        return folder
    }()

    /// A new path in the folder, `name` with a unique suffix; nothing is created there.
    public static func url(_ name: String) -> URL {
        folder.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    /// A new path for a file whose name ends in `.extension`.
    public static func url(_ name: String, extension: String) -> URL {
        folder.appendingPathComponent("\(name)-\(UUID().uuidString).\(`extension`)")
    }
}
