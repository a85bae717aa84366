/// The limits within which FIT, TCX and GPX files are read, so that a file
/// cannot ask for unbounded memory: beyond one, reading stops with an
/// ``ActivityFileError`` that names the limit and keeps what was read before
/// it (importable with `--salvage`).
///
/// The ``standard`` limits are far above any real activity: a week at one
/// record a second is 604,800 records and, as FIT, about 20 MB.
///
/// ```swift
/// let activity = try ActivityFile.read(url, limits: ActivityFileLimits(maximumRecords: 100_000))
/// ```
public struct ActivityFileLimits: Sendable, Hashable {
    /// The largest file read, in bytes: 512 MiB by default.
    public var maximumFileBytes: Int
    /// The most records (track points) read from one file: 2,000,000 by default, 23 days at one a second.
    public var maximumRecords: Int

    /// Limits of at most `maximumFileBytes` bytes and `maximumRecords` records.
    public init(maximumFileBytes: Int = 512 << 20, maximumRecords: Int = 2_000_000) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumRecords = maximumRecords
    }

    /// The limits every reader applies unless given others.
    public static let standard = ActivityFileLimits()

    /// The message for a file of `bytes` bytes, beyond ``maximumFileBytes``.
    func tooLarge(_ bytes: Int) -> String {
        "is \(Self.mebibytes(bytes)), and activity files are read up to \(Self.mebibytes(maximumFileBytes))"
    }

    /// The message when a file holds more than ``maximumRecords`` records.
    var tooManyRecords: String {
        let days = Double(maximumRecords) / 86_400
        return "the file holds more than \(Self.grouped(maximumRecords)) records (\(days >= 1 ? "\(Int(days)) days" : "\(Int(days * 24)) hours") at one a second), the most read from one file"
    }

    static let salvageHint = "split the file (gpsbabel can), or import what precedes the limit with --salvage"
    static let splitHint = "split the file into smaller ones (gpsbabel can)"

    private static func grouped(_ value: Int) -> String {
        var text = String(value)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    private static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1 << 30 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }
}
