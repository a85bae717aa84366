import Foundation
internal import GRDB

/// The wheelchair-use characteristic.
public final class HKWheelchairUseObject: Sendable {
    /// The value.
    public let wheelchairUse: HKWheelchairUse
    init(_ value: HKWheelchairUse) { wheelchairUse = value }
}
