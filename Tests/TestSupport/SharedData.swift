public import Foundation

/// Real third-party test data in `../shared/data`, beside the project: present
/// in CI, perhaps absent on a developer's machine, where its tests are skipped.
public enum SharedData {
    /// `../shared/data` from the project root.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    /// Whether `../shared/data` is there.
    public static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// A file in `../shared/data`.
    public static func file(_ relativePath: String) -> URL { folder.appendingPathComponent(relativePath) }

    /// A file in `../shared/spec` (format schemas, HealthKit's behaviour).
    public static func spec(_ name: String) -> URL {
        folder.deletingLastPathComponent().appendingPathComponent("spec").appendingPathComponent(name)
    }
}
