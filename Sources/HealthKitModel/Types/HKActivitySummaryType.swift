/// The type of activity summaries, for authorization: `HKObjectType.activitySummaryType()`.
public final class HKActivitySummaryType: HKObjectType, @unchecked Sendable {
    package static let activitySummaryIdentifier = "HKActivitySummaryTypeIdentifier"

    /// The activity summary type.
    public init() {
        super.init(identifier: Self.activitySummaryIdentifier)
    }
}

extension HKObjectType {
    /// The type of activity summaries (``HKActivitySummary``): apps ask to read it.
    public static func activitySummaryType() -> HKActivitySummaryType { HKActivitySummaryType() }
}
