import Foundation

/// How a sample's dates must relate to a predicate's interval, with Apple's bits.
///
/// With no option a sample matches when it overlaps the interval
/// (`sample.end ≥ start` and `sample.start < end`). ``strictStartDate``
/// requires `start ≤ sample.start < end`; ``strictEndDate`` requires
/// `start ≤ sample.end < end`; both together require both.
public struct HKQueryOptions: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt
    /// Wraps bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The sample's start must fall within the interval.
    public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
    /// The sample's end must fall within the interval.
    public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)
}
