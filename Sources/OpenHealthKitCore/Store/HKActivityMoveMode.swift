import Foundation
internal import GRDB

/// What the Move ring counts, as Apple's `HKActivityMoveMode`.
public enum HKActivityMoveMode: Int, Sendable, Codable, CaseIterable {
    /// Active energy.
    case activeEnergy = 1
    /// Move time.
    case appleMoveTime = 2
}
