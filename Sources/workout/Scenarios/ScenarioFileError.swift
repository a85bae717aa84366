import Foundation
import WorkoutSources
import ScenarioModel

/// Reads a scenario, turning its error into one a person can act on.
func loadScenario(_ path: String) throws -> Scenario {
    do {
        return try Scenario(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw ScenarioFileError(error: error, path: path)
    }
}

/// A scenario that cannot be read: printed as `file:line:column: error: …`.
struct ScenarioFileError: Error, CustomStringConvertible {
    let error: ScenarioError
    let path: String
    var description: String {
        var error = error
        error.file = path
        return error.description
    }
}
