import Foundation
internal import GRDB

/// The move-mode characteristic.
public final class HKActivityMoveModeObject: Sendable {
    /// The value.
    public let activityMoveMode: HKActivityMoveMode
    init(_ value: HKActivityMoveMode) { activityMoveMode = value }
}
