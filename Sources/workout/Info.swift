import ArgumentParser
import Foundation
import WorkoutFormats

/// `workout info FILE...`: what an activity file holds, and whether it is sound.
struct Info: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read FIT, TCX and GPX files and say what they hold and whether they are sound.",
        discussion: "Checks FIT checksums and structure and XML well-formedness. Exit status 1 if any file is damaged."
    )

    @Argument(help: ArgumentHelp("The files (.fit, .tcx, .gpx).", valueName: "file"))
    var files: [String]

    func run() async throws {
        var damaged = 0
        for file in files {
            do {
                let activity = try readActivityFile(file)
                print("\(file): \(activity.creator.name); \(describe(activity))")
                for (index, session) in activity.sessions.enumerated() where activity.sessions.count > 1 {
                    print("  session \(index + 1): \(session.sport.name), \(clockText(session.timerTime)), \(String(format: "%.2f km", (session.distance ?? 0) / 1000))")
                }
            } catch {
                print("\(error)")
                damaged += 1
            }
        }
        if damaged > 0 { throw ExitCode(1) }
    }
}
