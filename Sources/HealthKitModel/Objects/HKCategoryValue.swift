import Foundation

/// The value of category types that carry no value, such as mindful sessions.
public enum HKCategoryValue: Int, Sendable {
    /// Not applicable.
    case notApplicable = 0
}
