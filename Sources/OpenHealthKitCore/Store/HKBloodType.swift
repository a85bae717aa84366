import Foundation
internal import GRDB

/// Blood type, as Apple's `HKBloodType`.
public enum HKBloodType: Int, Sendable, Codable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// A+.
    case aPositive
    /// A−.
    case aNegative
    /// B+.
    case bPositive
    /// B−.
    case bNegative
    /// AB+.
    case abPositive
    /// AB−.
    case abNegative
    /// O+.
    case oPositive
    /// O−.
    case oNegative
}
