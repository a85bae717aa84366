import Foundation

/// Holds a caller's predicate; predicates are immutable once made.
struct NSPredicateBox: @unchecked Sendable {
    let predicate: NSPredicate
    init(_ predicate: NSPredicate) { self.predicate = predicate }
}
