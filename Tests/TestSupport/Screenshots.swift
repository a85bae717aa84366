import Foundation

/// Where the tests that take the README's screenshots save them: `docs/` when `OPENHEALTHKIT_SCREENSHOTS=docs`
/// asks for them (`OPENHEALTHKIT_SCREENSHOTS=docs swift test --filter 'ReportScreenshots|everyClubPageFits'`), else a scratch folder, so
/// that every run takes and checks them without changing the project's files.
public enum Screenshots {
    /// The path for the screenshot named `name` (`report-phone.png`).
    public static func path(_ name: String) -> String {
        if ProcessInfo.processInfo.environment["OPENHEALTHKIT_SCREENSHOTS"] == "docs" {
            let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("docs")
            return docs.appendingPathComponent(name).path
        }
        return Scratch.url(name).path
    }

    /// Whether the file at `path` is a PNG of more than `bytes` bytes: a screenshot that shows something.
    public static func isPicture(_ path: String, largerThan bytes: Int = 20_000) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.starts(with: [0x89, 0x50, 0x4E, 0x47]) && data.count > bytes
    }
}
