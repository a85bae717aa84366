import Foundation
internal import GRDB

/// Wheelchair use, as Apple's `HKWheelchairUse`.
public enum HKWheelchairUse: Int, Sendable, Codable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// Does not use a wheelchair.
    case no = 1
    /// Uses a wheelchair.
    case yes = 2
}
