import WorkoutFormats
import ArgumentParser
import Foundation
import WorkoutSources
import ScenarioModel

/// A duration as scenarios write it: `90`, `90s`, `45m`, `1h30m`, `2h 5m` or `1:30:00`.
struct DurationArgument: ExpressibleByArgument, Sendable {
    let seconds: TimeInterval

    init?(argument: String) {
        guard let seconds = UnitText.duration(argument), seconds > 0, seconds.isFinite else { return nil }
        self.seconds = seconds
    }

    var defaultValueDescription: String { clockText(seconds) }
}
