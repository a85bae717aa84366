import Foundation

/// How a predicate compares a value, with the raw values of Foundation's
/// `NSComparisonPredicate.Operator` (which swift-corelibs-foundation marks
/// unavailable). Code written as `.greaterThan` compiles unchanged.
public enum HKComparisonOperator: UInt, Sendable {
    /// `<`
    case lessThan = 0
    /// `<=`
    case lessThanOrEqualTo = 1
    /// `>`
    case greaterThan = 2
    /// `>=`
    case greaterThanOrEqualTo = 3
    /// `==`
    case equalTo = 4
    /// `!=`
    case notEqualTo = 5
}
