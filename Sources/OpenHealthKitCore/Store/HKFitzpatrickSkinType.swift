import Foundation
internal import GRDB

/// Fitzpatrick skin type, as Apple's `HKFitzpatrickSkinType`.
public enum HKFitzpatrickSkinType: Int, Sendable, Codable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// Type I: always burns, never tans.
    case I
    /// Type II: usually burns, tans minimally.
    case II
    /// Type III: sometimes burns, tans uniformly.
    case III
    /// Type IV: burns minimally, always tans.
    case IV
    /// Type V: very rarely burns, tans very easily.
    case V
    /// Type VI: never burns.
    case VI
}
