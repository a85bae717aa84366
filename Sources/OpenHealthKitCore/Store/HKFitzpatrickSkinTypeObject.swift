import Foundation
internal import GRDB

/// The skin type characteristic.
public final class HKFitzpatrickSkinTypeObject: Sendable {
    /// The value.
    public let skinType: HKFitzpatrickSkinType
    init(_ value: HKFitzpatrickSkinType) { skinType = value }
}
