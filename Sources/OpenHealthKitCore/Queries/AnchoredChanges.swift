import Foundation
internal import GRDB

/// Changes after an anchor: objects added and objects deleted, in anchor order.
struct AnchoredChanges: Sendable {
    var added: [HKObject]
    var deleted: [HKDeletedObject]
    var anchor: HKQueryAnchor
}
