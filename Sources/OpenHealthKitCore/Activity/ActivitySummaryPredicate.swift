public import Foundation

/// A predicate over activity summaries: the days from `start` to `end`, both included.
final class ActivitySummaryPredicate: NSPredicate {
    // Immutable after init.
    let start: DateComponents
    let end: DateComponents

    init(start: DateComponents, end: DateComponents) {
        self.start = start
        self.end = end
        super.init(value: true)
    }

    required init?(coder: NSCoder) { nil }

    override var predicateFormat: String {
        "activity summaries from \(start.year ?? 0)-\(start.month ?? 0)-\(start.day ?? 0) to \(end.year ?? 0)-\(end.month ?? 0)-\(end.day ?? 0)"
    }
}

extension HKQuery {
    /// Activity summaries of the days from `startDateComponents` to `endDateComponents`, both
    /// included (components with era, year, month and day, in the Gregorian calendar).
    public static func predicate(forActivitySummariesBetweenStart startDateComponents: DateComponents,
                                 end endDateComponents: DateComponents) -> NSPredicate {
        ActivitySummaryPredicate(start: startDateComponents, end: endDateComponents)
    }

    /// The activity summary of one day.
    public static func predicateForActivitySummary(with dateComponents: DateComponents) -> NSPredicate {
        ActivitySummaryPredicate(start: dateComponents, end: dateComponents)
    }
}
