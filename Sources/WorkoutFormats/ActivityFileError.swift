/// A file that could not be read in full: what went wrong, where, what to do,
/// and what could be read safely before it.
///
/// Its description reads `ride.gpx:120:7: error: …` for text formats and
/// `ride.fit: byte 7471: error: …` for FIT.
public struct ActivityFileError: Error, Sendable, CustomStringConvertible {
    /// Where in the file the problem is.
    public enum Location: Sendable, Equatable {
        /// A byte offset (FIT).
        case byte(Int)
        /// A line and column, from 1 (GPX, TCX).
        case line(Int, column: Int)
        /// The file as a whole.
        case file
    }

    /// The file's path.
    public var path: String
    /// Where the problem is.
    public var location: Location
    /// What went wrong.
    public var message: String
    /// What a person can do about it.
    public var hint: String
    /// What was read before the problem (records, laps, …), if anything, with
    /// totals only from what it holds (``Activity/salvaged()``).
    public var readable: Activity?

    /// An error about the file at `path`.
    public init(path: String, location: Location, message: String, hint: String, readable: Activity? = nil) {
        self.path = path
        self.location = location
        self.message = message
        self.hint = hint
        self.readable = readable
    }

    /// `path:line:column: error: message; hint`, and what could be read.
    public var description: String {
        let place = switch location {
        case .byte(let offset): "\(path): byte \(offset)"
        case .line(let line, let column): "\(path):\(line):\(column)"
        case .file: path
        }
        var text = "\(place): error: \(message)"
        if !hint.isEmpty { text += "\n  \(hint)" }
        if let readable, !readable.records.isEmpty, let first = readable.records.first?.date, let last = readable.records.last?.date {
            text += "\n  readable before it: \(readable.records.count) records from \(ISO8601.string(first)) to \(ISO8601.string(last))"
            text += ", \(readable.laps.count) lap\(readable.laps.count == 1 ? "" : "s"), \(readable.sessions.count) session\(readable.sessions.count == 1 ? "" : "s")"
        }
        return text
    }
}
