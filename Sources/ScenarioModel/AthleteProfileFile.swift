public import Foundation
public import HealthKitModel

extension AthleteProfile {
    /// Reads an athlete profile file: the keys of a scenario's `athlete:`
    /// (`age`, `sex`, `mass`, `height`, `maxHeartRate`, `restingHeartRate`, `ftp`,
    /// `lactateThresholdHeartRate`, `zones`: `percentOfMaximum` (the default),
    /// `heartRateReserve` or `lactateThreshold`, and `wheel`: the bike's wheel circumference in millimetres),
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
        try self.init(yaml: text, file: url.path)
    }

    /// Reads an athlete profile from YAML text; `file` names it in errors.
    public init(yaml text: String, file: String = "<profile>") throws(ScenarioError) {
        let root = try YAMLValue.parse(text, file: file)
        if let nested = try? root.mapping("a profile", allowed: ["athlete"]), let athlete = nested["athlete"] {
            self = try ScenarioParser.athlete(athlete)
        } else {
            self = try ScenarioParser.athlete(root)
        }
    }
}
