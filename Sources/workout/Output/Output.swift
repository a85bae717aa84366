import Foundation
import WorkoutFormats

/// Formats numbers for people: at most three decimals, no trailing zeros.
func formatNumber(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = String(format: "%.3f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

/// Formats seconds as H:MM:SS, rounded as every surface rounds them.
func clockText(_ seconds: TimeInterval) -> String {
    WorkoutFigures.clock(seconds, alwaysHours: true)
}

/// Writes JSON with sorted keys, so output is stable across runs.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Prints rows in left-aligned columns.
func printTable(header: [String], rows: [[String]]) {
    for line in tableLines(header: header, rows: rows) { print(line) }
}

/// Rows in left-aligned columns, as lines; leading spaces of the first column are kept.
func tableLines(header: [String], rows: [[String]]) -> [String] {
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
        var text = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
    return [line(header)] + rows.map(line)
}

/// Writes a warning to standard error, where it does not mix with results.
func warn(_ text: String) {
    FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
}

/// `word` as a shell reads it back as one argument: as it is when it holds only safe characters,
/// else in single quotes (`'Tuesday squad'`, `'Ada'\''s'`), so a suggested command can be pasted.
func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@,+")
    if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

/// Writes `data` to `output`, else to a file in the current folder named after `name` (its letters and digits, the
/// rest as single dashes) with `fileExtension`; returns the path written.
func writeNamedFile(_ data: Data, name: String, fileExtension: String, output: String?) throws -> String {
    let words = name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
    let path = output ?? String(words).split(separator: "-").joined(separator: "-") + "." + fileExtension
    guard FileManager.default.createFile(atPath: path, contents: data) else {
        throw RecordingsError("\(path): cannot be written; check the folder exists and is writable.")
    }
    return path
}
