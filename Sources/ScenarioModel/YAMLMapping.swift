import Foundation
import Yams

/// A mapping's entries, read by key.
package struct YAMLMapping {
    package let owner: YAMLValue
    package let expected: String
    package let entries: [(key: YAMLValue, name: String, value: YAMLValue)]

    package subscript(_ name: String) -> YAMLValue? { entries.first { $0.name == name }?.value }

    package func required(_ name: String) throws(ScenarioError) -> YAMLValue {
        guard let value = self[name] else { throw owner.error("\(expected) needs '\(name)'") }
        return value
    }

    package var names: [String] { entries.map(\.name) }
}
