public import Foundation
public import OpenHealthKitCore

extension AthleteProfile {
    /// Reads an athlete profile file: the keys of a scenario's `athlete:`
    /// (`age`, `sex`, `mass`, `height`, `maxHeartRate`, `restingHeartRate`, `ftp`),
    /// at the top of the file or under `athlete:`.
    ///
    /// ```yaml
    /// age: 42
    /// sex: female
    /// mass: 61
    /// height: 168
    /// maxHeartRate: 182
    /// ```
    ///
    /// - Throws: ``ScenarioError`` with `file:line:column` and a hint.
    public init(contentsOf url: URL) throws(ScenarioError) {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw ScenarioError(file: url.path, line: 0, column: 0, message: "cannot read the profile: \(error.localizedDescription)",
                                hint: "Check the path.")
        }
        let root = try YAMLValue.parse(text, file: url.path)
        if let nested = try? root.mapping("a profile", allowed: ["athlete"]), let athlete = nested["athlete"] {
            self = try ScenarioParser.athlete(athlete)
        } else {
            self = try ScenarioParser.athlete(root)
        }
    }
}
