import Foundation

/// The sensors a rider has named, so that `workout record --sensor power` finds them:
/// `$XDG_CONFIG_HOME/openhealthkit/sensors.yaml` (`~/.config/openhealthkit/sensors.yaml`).
///
/// ```yaml
/// # Sensors `workout record --sensor NAME` finds by name; `workout sensors add|remove` change them.
/// sensors:
///   power: ble:C4:7A:11:22:33:44
///   strap: hrm:/dev/serial/by-id/usb-Adafruit_Feather-if00
/// ```
///
/// Reading trusts nothing: a line that is not `NAME: SOURCE` under `sensors:` is an error naming its line and column.
struct SensorsFile: Equatable {
    /// Each name's source specification, in the file's order.
    var sensors: [(name: String, source: String)] = []

    static func == (first: SensorsFile, second: SensorsFile) -> Bool {
        first.sensors.map(\.name) == second.sensors.map(\.name) && first.sensors.map(\.source) == second.sensors.map(\.source)
    }

    /// Where the file lives for `environment`.
    static func location(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("openhealthkit/sensors.yaml")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/openhealthkit/sensors.yaml")
    }

    /// Whether `name` can name a sensor: letters, digits, `-` and `_`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
    }

    /// The file at `url`; an empty list where there is none.
    ///
    /// - Throws: ``SensorsFileError`` naming the line and column of what cannot be read.
    static func load(_ url: URL = location()) throws -> SensorsFile {
        guard FileManager.default.fileExists(atPath: url.path) else { return SensorsFile() }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw SensorsFileError(path: url.path, line: 0, column: 0, message: "cannot be read as UTF-8 text: \(error.localizedDescription)")
        }
        return try SensorsFile(parsing: text, path: url.path)
    }

    /// The list in `text`, read from `path`.
    init(parsing text: String, path: String) throws {
        var inSensors = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let number = index + 1
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            let indent = line.prefix { $0 == " " }.count
            if indent == 0 {
                guard content == "sensors:" else {
                    throw SensorsFileError(path: path, line: number, column: 1, message: "expected `sensors:`, found `\(content)`")
                }
                inSensors = true
                continue
            }
            guard inSensors else { throw SensorsFileError(path: path, line: number, column: 1, message: "an entry before `sensors:`") }
            guard let colon = content.firstIndex(of: ":") else {
                throw SensorsFileError(path: path, line: number, column: indent + 1, message: "expected `NAME: SOURCE`, such as `power: ble:C4:7A:11:22:33:44`")
            }
            let name = String(content[..<colon]).trimmingCharacters(in: .whitespaces)
            var source = String(content[content.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if source.count >= 2, let quote = source.first, quote == "\"" || quote == "'", source.last == quote { source = String(source.dropFirst().dropLast()) }
            guard Self.isValidName(name) else {
                throw SensorsFileError(path: path, line: number, column: indent + 1, message: "'\(name)' is not a sensor's name (letters, digits, - and _)")
            }
            guard source.contains(":") else {
                throw SensorsFileError(path: path, line: number, column: indent + content.distance(from: content.startIndex, to: colon) + 3,
                                       message: "'\(source)' is not a source such as ble:C4:7A:11:22:33:44 or hrm:/dev/ttyUSB0")
            }
            guard !sensors.contains(where: { $0.name == name }) else {
                throw SensorsFileError(path: path, line: number, column: indent + 1, message: "'\(name)' is named twice")
            }
            sensors.append((name, source))
        }
    }

    init() {}

    /// The source named `name`.
    func source(named name: String) -> String? {
        sensors.first { $0.name == name }?.source
    }

    /// The file's text.
    var text: String {
        var lines = ["# Sensors `workout record --sensor NAME` finds by name; `workout sensors add|remove` change them.", "sensors:"]
        for sensor in sensors { lines.append("  \(sensor.name): \(sensor.source)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the file to `url`, making its folder, through a temporary file so a crash leaves the old one whole.
    func save(_ url: URL = location()) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

/// A sensors file that cannot be read, with where and why.
struct SensorsFileError: Error, CustomStringConvertible {
    let path: String
    let line: Int
    let column: Int
    let message: String

    var description: String {
        line > 0 ? "\(path):\(line):\(column): error: \(message)" : "\(path): error: \(message)"
    }
}
