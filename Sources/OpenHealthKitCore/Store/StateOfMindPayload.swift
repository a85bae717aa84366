import Foundation
internal import GRDB

/// What a state-of-mind row keeps beyond the common columns.
struct StateOfMindPayload: Codable {
    var kind: HKStateOfMind.Kind
    var labels: [HKStateOfMind.Label]
    var associations: [HKStateOfMind.Association]

    init(_ mind: HKStateOfMind) {
        kind = mind.kind
        labels = mind.labels
        associations = mind.associations
    }
}
