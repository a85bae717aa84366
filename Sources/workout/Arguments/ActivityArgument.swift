import ArgumentParser
import OpenHealthKit

/// An activity named on the command line by HealthKit's case name:
/// `running`, `cycling`, `swimBikeRun`, … (any case).
struct ActivityArgument: ExpressibleByArgument, Sendable {
    let type: HKWorkoutActivityType

    init(_ type: HKWorkoutActivityType) { self.type = type }

    init?(argument: String) {
        guard let type = HKWorkoutActivityType(name: argument) else { return nil }
        self.type = type
    }

    /// The names of every activity, for errors and shell completion.
    static var allValueStrings: [String] { HKWorkoutActivityType.allCases.map(\.name) }

    var defaultValueDescription: String { type.name }
}
