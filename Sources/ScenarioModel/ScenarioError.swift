import HealthKitModel

/// A scenario file that cannot be used, with where and why.
///
/// The description reads like a compiler's: `easy-run.yaml:12:5: error: …`,
/// then what was expected and, for a near miss, a "did you mean".
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The line, from 1; 0 when the error concerns the whole file.
    public var line: Int
    /// The column, from 1; 0 when unknown.
    public var column: Int
    /// What is wrong.
    public var message: String
    /// What to write instead, when there is a likely answer.
    public var hint: String?

    /// Describes an error at a place in a file.
    public init(file: String, line: Int, column: Int, message: String, hint: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// `file:line:column: error: message` and, on the next line, the hint.
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column):" : "\(file):"
        return "\(place) error: \(message)" + (hint.map { "\n  \($0)" } ?? "")
    }
}

/// The candidate closest to `name`, when it is close enough to be a typo.
package func closestMatch(to name: String, in candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    // A key written without its unit suffix: `totalDistance` for `totalDistanceMeters`.
    if lowered.count >= 4, let completion = candidates.filter({ $0.lowercased().hasPrefix(lowered) }).min(by: { $0.count < $1.count }) {
        return completion
    }
    let limit = max(2, name.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(name.lowercased(), candidate.lowercased())
        guard distance <= limit else { continue }
        if let current = best, current.distance < distance || (current.distance == distance && current.name < candidate) { continue }
        best = (candidate, distance)
    }
    return best?.name
}
