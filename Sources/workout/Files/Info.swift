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

    @Flag(help: "Print one JSON object per file: whether it is sound, what it holds, and the problem with where it is.")
    var json = false

    struct FileInfo: Encodable {
        var file: String
        var sound: Bool
        var activity: ActivityDescription?
        var error: String?
        /// What a damaged file holds before its damage.
        var readable: ActivityDescription?
    }

    func run() async throws {
        var infos: [FileInfo] = []
        for file in files {
            do {
                let activity = try readActivityFile(file)
                infos.append(FileInfo(file: file, sound: true, activity: ActivityDescription(activity)))
                guard !json else { continue }
                print("\(file): \(activity.creator.name); \(describe(activity))")
                for (index, session) in activity.sessions.enumerated() where activity.sessions.count > 1 {
                    print("  session \(index + 1): \(session.sport.name), \(clockText(session.timerTime)), \(String(format: "%.2f km", (session.distance ?? 0) / 1000))")
                }
            } catch {
                infos.append(FileInfo(file: file, sound: false, error: error.description, readable: error.readable.map(ActivityDescription.init)))
                if !json { print("\(error)") }
            }
        }
        if json { try printJSON(infos) }
        if infos.contains(where: { !$0.sound }) { throw ExitCode(1) }
    }
}
