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
    public var description: String {
        var text = message
        if let line { text = "\(line):\(column ?? 1): " + text } else if let offset { text = "byte \(offset): " + text }
        if let hint { text += ". " + hint }
        return text
    }
}
