import Foundation

/// Real third-party test data in `../shared/data`, beside the project: present
/// in CI, perhaps absent on a developer's machine, where its tests are skipped.
enum SharedData {
    /// `../shared/data` from the project root.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    /// Whether `../shared/data` is there.
    static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// A file in `../shared/data`.
    static func file(_ relativePath: String) -> URL { folder.appendingPathComponent(relativePath) }
}
