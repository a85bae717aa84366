import Foundation
import Testing
import TestSupport

/// The examples of a Markdown file, as a person would paste them.
///
/// - A fenced block right after `<!-- file: NAME -->` is a file the examples
///   use: it is written to NAME first.
/// - A fenced block of `$ ` lines is a session: each `$ ` line is a command
///   (`export NAME=VALUE` sets the environment for the ones after it), and the
///   lines after it, up to the next, are what it prints.
/// - A fenced block right after `<!-- not run: WHY -->` is left out, and why is said.
/// - A fenced `yaml` block with a `timeline:` is a scenario: `workout check`
///   must pass its expectations.
struct MarkdownExamples {
    struct Command {
        var line: String
        var output: [String]
        var place: String
    }

    var files: [(name: String, text: String)] = []
    var commands: [Command] = []
    var scenarios: [(text: String, place: String)] = []
    var notRun: [(why: String, place: String)] = []

    init(_ text: String, name: String) {
        let lines = text.components(separatedBy: "\n")
        var index = 0
        var directive: String?
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!--") { directive = line }
            guard line.hasPrefix("```") else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix("<!--") { directive = nil }
                index += 1
                continue
            }
            let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            let body = Array(lines[start..<min(end, lines.count)])
            let place = "\(name):\(start)"
            if let directive, directive.hasPrefix("<!-- file: ") {
                let file = directive.dropFirst("<!-- file: ".count).replacingOccurrences(of: "-->", with: "").trimmingCharacters(in: .whitespaces)
                files.append((file, body.joined(separator: "\n") + "\n"))
            } else if let directive, directive.hasPrefix("<!-- not run: ") {
                notRun.append((directive.dropFirst("<!-- not run: ".count).replacingOccurrences(of: "-->", with: "").trimmingCharacters(in: .whitespaces), place))
            } else if language == "yaml", body.contains(where: { $0.hasPrefix("timeline:") }) {
                scenarios.append((body.joined(separator: "\n") + "\n", place))
            } else if language.isEmpty || language == "console", body.first?.hasPrefix("$ ") == true {
                for (offset, line) in body.enumerated() {
                    if line.hasPrefix("$ ") {
                        commands.append(Command(line: String(line.dropFirst(2)), output: [], place: "\(name):\(start + offset + 1)"))
                    } else if !commands.isEmpty {
                        commands[commands.count - 1].output.append(line)
                    }
                }
            }
            directive = nil
            index = end + 1
        }
    }
}

/// Every example in README.md, the manual's pages (docs/) and Scenarios/README.md runs as written, each page in a
/// fresh folder with its own home, and prints what the page shows.
@Suite(.heavy, .timeLimit(.minutes(10))) struct ReadmeExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real files the README's examples name, from `../shared/data`.
    static let sharedFiles = [
        "edge500.fit": "activity-files/fitparse__garmin-edge-500-ride.fit",
        "urbanbiker.gpx": "activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx",
        "edge705.tcx": "activity-files/gc__edge705-ride-hr-2009-09-19.tcx",
        "strava.fit": "activity-files/fitparse__NEGATIVE-strava-android-truncated.fit",
        "haicom-305N.log": "gpsd-logs/haicom-305N.log",
    ]

    /// A line as the comparison sees it: identifiers and the example's own folder stand for themselves.
    static func normalized(_ line: String, folder: String) -> String {
        var line = line.replacingOccurrences(of: folder, with: "~")
        line = line.replacingOccurrences(of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "<id>", options: .regularExpression)
        line = line.replacingOccurrences(of: "^[0-9A-F]{8,12}(?=  )", with: "<id>", options: .regularExpression)
        while line.last?.isWhitespace == true { line.removeLast() }
        return line
    }

    static func run(_ markdown: String) async throws -> (MarkdownExamples, [String]) {
        let examples = MarkdownExamples(try String(contentsOf: root.appendingPathComponent(markdown), encoding: .utf8), name: markdown)
        let folder = Scratch.url("readme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Scenarios"), withDestinationURL: root.appendingPathComponent("Scenarios"))
        for (name, path) in sharedFiles {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: SharedData.file(path))
        }
        for file in examples.files { try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path
        environment["PATH"] = WorkoutProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TZ"] = "UTC"
        for key in ["OPENHEALTHKIT_STORE", "OPENHEALTHKIT_AUTHORIZATION", "OPENHEALTHKIT_SOURCES", "XDG_DATA_HOME"] { environment.removeValue(forKey: key) }
        var failures: [String] = []
        for command in examples.commands {
            if command.line.hasPrefix("export ") {
                let assignment = command.line.dropFirst("export ".count)
                if let equals = assignment.firstIndex(of: "=") { environment[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...]) }
                continue
            }
            let line = command.line, environment = environment
            let (data, status) = try await offThePool { () throws -> (Data, Int32) in
                _ = TestRunReaper.started
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", line + " 2>&1"]
                process.currentDirectoryURL = folder
                process.environment = environment
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (data, process.terminationStatus)
            }
            // Split at any line end: a strap's `\r\n` is one Character, which a split at "\n" would not see.
            let printed = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .map { normalized(String($0), folder: folder.path) }
            let expected = command.output.map { normalized($0, folder: folder.path) }.filter { !$0.isEmpty }
            // An example that shows no error must succeed (one that shows an error may still, as a salvage does).
            let showsError = expected.contains { $0.contains("error:") || $0.hasPrefix("Error:") }
            if !showsError, status != 0 {
                failures.append("\(command.place): `\(command.line)` exited \(status):\n" + printed.joined(separator: "\n"))
                continue
            }
            for line in expected {
                let found = line.contains("…")
                    ? printed.contains { $0.hasPrefix(String(line[..<line.firstIndex(of: "…")!])) }
                    : printed.contains(line)
                if !found { failures.append("\(command.place): `\(command.line)` did not print \"\(line)\"; it printed:\n" + printed.joined(separator: "\n")) }
            }
        }
        for scenario in examples.scenarios {
            let file = folder.appendingPathComponent("example-\(UUID().uuidString).yaml")
            try scenario.text.write(to: file, atomically: true, encoding: .utf8)
            let checked = try await offThePool { try WorkoutProcess.runBlocking(["check", file.path]) }
            if checked.status != 0 { failures.append("\(scenario.place): the scenario fails its own expectations:\n\(checked.stdout)\(checked.stderr)") }
        }
        return (examples, failures)
    }

    /// The manual's pages: every Markdown file in docs/.
    static let manualPages: [String] = {
        let folder = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: the README's examples import its files"))
    func theReadmeExamplesRunAsWritten() async throws {
        let (examples, failures) = try await Self.run("README.md")
        #expect(examples.commands.count >= 5, "the README's sessions were found")
        #expect(failures.isEmpty, "\(failures.count) example(s) fail:\n\n\(failures.joined(separator: "\n\n"))")
        // What is not run here says why, and runs in its own tests.
        #expect(examples.notRun.allSatisfy { $0.why.count > 10 })
    }

    /// Each page of the manual runs in a folder of its own, from an empty store: what it shows follows from its
    /// own commands alone.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: the manual's examples import its files"), arguments: manualPages)
    func theManualsExamplesRunAsWritten(_ page: String) async throws {
        let (examples, failures) = try await Self.run(page)
        #expect(failures.isEmpty, "\(failures.count) example(s) fail:\n\n\(failures.joined(separator: "\n\n"))")
        #expect(examples.notRun.allSatisfy { $0.why.count > 10 })
    }

    /// The README is a front door: short, and every page it links is there, as is every page the manual links.
    @Test func theReadmeIsShortAndEveryLinkLeadsSomewhere() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
        for page in ["README.md"] + Self.manualPages {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            let links = text.matches(of: /\]\(([^)#:\s]+\.(?:md|png|yaml|json))(?:#[^)]*)?\)/).map { String($0.output.1) }
            for link in links {
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).path), "\(page) links \(link), which is not there")
            }
        }
        for page in Self.manualPages where page != "docs/ARCHITECTURE.md" {
            #expect(readme.contains("(\(page))"), "the README does not link \(page)")
        }
    }

    @Test func theScenarioFormatsExampleRunsAsWritten() async throws {
        let (examples, failures) = try await Self.run("Scenarios/README.md")
        #expect(examples.scenarios.count == 1)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }
}
