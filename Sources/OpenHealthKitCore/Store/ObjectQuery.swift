import Foundation
internal import GRDB
internal import GRDBSQLite

/// What to read: types, a filter, an order, a limit and an anchor.
struct ObjectQuery: @unchecked Sendable {
    // Built per query and only read afterwards; `sort` closures compare immutable objects.

    /// The types to read; `nil` reads every sample type.
    var types: [HKObjectType]?
    var filter: SampleFilter?
    /// Read only this app's objects (a denied read, or a delete).
    var restrictToBundle: String?
    /// Types whose reads are restricted to `ownBundle`.
    var ownOnlyTypes: Set<String> = []
    var ownBundle: String?
    /// An SQL `ORDER BY` clause that gives the whole order, if one does.
    var sqlOrder: String = "object.id"
    /// A Swift order for descriptors SQL cannot express.
    var sort: ((HKObject, HKObject) -> Bool)?
    var limit: Int?
    var afterAnchor: Int64?
    /// Only rows of these kinds; `nil` for every kind.
    var kinds: [ObjectKind]?
}
