import Foundation
internal import GRDB

/// A position in the store's history of saves and deletions.
///
/// Anchors only grow. Keep the anchor a query returns (it is `Codable`) and
/// pass it to the next query to get only what changed since.
public final class HKQueryAnchor: Hashable, Codable, Sendable, CustomStringConvertible {
    let value: Int64

    /// An anchor from a number kept earlier.
    public init(fromValue value: Int) { self.value = Int64(value) }

    init(_ value: Int64) { self.value = value }

    /// Anchors are equal when their values are.
    public static func == (lhs: HKQueryAnchor, rhs: HKQueryAnchor) -> Bool { lhs.value == rhs.value }
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
    /// The value.
    public var description: String { "HKQueryAnchor(\(value))" }
}
