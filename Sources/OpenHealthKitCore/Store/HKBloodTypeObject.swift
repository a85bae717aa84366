import Foundation
internal import GRDB

/// The blood type characteristic.
public final class HKBloodTypeObject: Sendable {
    /// The value.
    public let bloodType: HKBloodType
    init(_ value: HKBloodType) { bloodType = value }
}
