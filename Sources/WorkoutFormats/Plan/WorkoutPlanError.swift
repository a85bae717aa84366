import Foundation

/// Why a plan file could not be read: what is wrong, where (line and column, or byte offset), and what to do.
public struct WorkoutPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The line, from 1, in a text file.
    public var line: Int?
    /// The column, from 1, in a text file.
    public var column: Int?
    /// The byte offset, in a FIT file.
    public var offset: Int?
    /// What to do about it, if there is advice.
    public var hint: String?

    /// A problem at `line`:`column` or at byte `offset`.
    public init(message: String, line: Int? = nil, column: Int? = nil, offset: Int? = nil, hint: String? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.hint = hint
    }

    /// `line:column: message`, or `byte N: message`, then the hint.
    public var description: String { description(in: nil) }

    /// The problem in `file`: `file:line:column: message`, or `file: byte N: message`, then the hint; without a file,
    /// ``description``.
    public func description(in file: String?) -> String {
        // `file:` leads, then `line:column:` (joined to it) or ` byte N:`.
        var place = file.map { "\($0):" } ?? ""
        if let line { place += "\(line):\(column ?? 1):" } else if let offset { place += (place.isEmpty ? "" : " ") + "byte \(offset):" }
        return (place.isEmpty ? "" : place + " ") + message + (hint.map { ". \($0)" } ?? "")
    }
}
