import Foundation

/// The rules for a workout's title and notes, wherever they come from (a file, the
/// command line, a form): whitespace trimmed, control characters other than line
/// breaks dropped, empty text meaning none, and a bound on the length so a stranger's
/// file cannot fill the store.
public enum WorkoutText {
    /// The longest title kept, in characters.
    public static let maximumNameLength = 200
    /// The longest notes kept, in characters.
    public static let maximumNotesLength = 10_000

    /// `text` as a workout's title: one line, at most ``maximumNameLength`` characters; nil when empty.
    public static func name(_ text: String?) -> String? {
        clean(text, keepingLineBreaks: false, limit: maximumNameLength)
    }

    /// `text` as a workout's notes: at most ``maximumNotesLength`` characters; nil when empty.
    public static func notes(_ text: String?) -> String? {
        clean(text, keepingLineBreaks: true, limit: maximumNotesLength)
    }

    private static func clean(_ text: String?, keepingLineBreaks: Bool, limit: Int) -> String? {
        guard let text else { return nil }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar != "\r" {
            if scalar == "\n" || scalar == "\t" {
                kept.append(keepingLineBreaks && scalar == "\n" ? "\n" : " ")
            } else if !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format && scalar.value != 0x200D) {
                kept.append(scalar)
            }
        }
        var result = String(kept).trimmingCharacters(in: .whitespacesAndNewlines)
        if !keepingLineBreaks { result = result.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        if result.count > limit { result = String(result.prefix(limit)) }
        return result.isEmpty ? nil : result
    }
}
