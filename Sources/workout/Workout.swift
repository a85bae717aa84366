import ArgumentParser
import Foundation

/// The `workout` command: record, replay and check workouts, and inspect the health store.
@main
struct Workout: AsyncParsableCommand {
    /// The release these sources lead to: the version of a build from a commit tagged `v` and this number.
    static let release = "0.4.0"

    /// The version as packages and `--version` give it: the release on its tagged commit; between releases, the
    /// release after a tilde (which sorts before it, as Debian reads versions) with the commit count and commit, so
    /// that each build names the sources it came from.
    static var version: String {
        if BuildVersion.tag == "v\(release)" || BuildVersion.commit.isEmpty { return release }
        return "\(release)~git\(BuildVersion.commitCount).\(BuildVersion.commit)"
    }

    /// `--version`'s line: the version, the commit it was built from and, in a build without the web, that.
    static var versionLine: String {
        let commit = BuildVersion.commit.isEmpty ? "commit unknown" : "commit \(BuildVersion.commit)"
        return "\(version) (\(commit)\(WebTrait.isBuilt ? "" : ", built without the web"))"
    }

    static let configuration = CommandConfiguration(
        commandName: "workout",
        abstract: "Record, replay and check workouts against a HealthKit-compatible store.",
        discussion: """
            Data lives in the embedded store: $OPENHEALTHKIT_STORE if set (":memory:" for none), \
            else $XDG_DATA_HOME/openhealthkit/health.sqlite (~/.local/share/openhealthkit/health.sqlite). \
            Errors go to standard error as `file:line:column: error: …` (or `error: …`), which editors' \
            problem matchers read; exit status 1 for an error, 64 for a command line that cannot be used.
            """,
        version: versionLine,
        subcommands: [Record.self, List.self, Show.self, Edit.self, Delete.self, Characteristics.self, Companion.self, Recover.self, Export.self, Import.self, Info.self, Replay.self,
                      Check.self, Simulate.self, Hrm.self, Sensors.self, Samples.self, Stats.self, StoreInfo.self, Convert.self, Report.self, Serve.self, Sync.self, Upload.self, AthleteCommand.self, Fitness.self, CourseCommand.self, PlanCommand.self]
    )

    /// Parses and runs a command. A command's own errors print as diagnostics,
    /// without ArgumentParser's `Error:` and usage text, which stay for
    /// command lines that cannot be used.
    static func main() async {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            // ArgumentParser's own (help, usage, exit codes) as it prints them; ours as diagnostics.
            if String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") { exit(withError: error) }
            FileHandle.standardError.write(Data((diagnostic(error) + "\n").utf8))
            Foundation.exit(1)
        }
    }
}

/// An error as a one-line diagnostic: `file:line:column: error: …` when it
/// names its place, else `error: …`.
func diagnostic(_ error: any Error) -> String {
    let text = String(describing: error)
    return text.contains(": error: ") || text.hasPrefix("error: ") ? text : "error: " + text
}
