import Foundation
internal import GRDB

/// The biological sex characteristic.
public final class HKBiologicalSexObject: Sendable {
    /// The value.
    public let biologicalSex: HKBiologicalSex
    init(_ value: HKBiologicalSex) { biologicalSex = value }
}
