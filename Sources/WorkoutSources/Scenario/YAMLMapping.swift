import Foundation
import Yams

/// A mapping's entries, read by key.
struct YAMLMapping {
    let owner: YAMLValue
    let expected: String
    let entries: [(key: YAMLValue, name: String, value: YAMLValue)]

    subscript(_ name: String) -> YAMLValue? { entries.first { $0.name == name }?.value }

    func required(_ name: String) throws(ScenarioError) -> YAMLValue {
        guard let value = self[name] else { throw owner.error("\(expected) needs '\(name)'") }
        return value
    }

    var names: [String] { entries.map(\.name) }
}
