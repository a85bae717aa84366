import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutSources
import ScenarioModel

/// `--profile FILE`: the athlete, shared by `record`, `replay` and `import`.
struct ProfileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("An athlete profile (YAML: age, sex, mass, height, maxHeartRate, restingHeartRate, ftp) for energy and heart-rate zones, stored with the workout.",
                               valueName: "file"))
    var profile: String?

    /// The profile, if one was given; its errors print as `file:line:column: error: …`.
    func load() throws -> AthleteProfile? {
        guard let profile else { return nil }
        do {
            return try AthleteProfile(contentsOf: URL(fileURLWithPath: profile))
        } catch {
            throw ScenarioFileError(error: error, path: profile)
        }
    }
}
