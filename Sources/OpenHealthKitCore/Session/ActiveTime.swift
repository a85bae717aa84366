import Foundation

/// The active time of a workout whose events do not change meanwhile,
/// worked out on first use.
struct ActiveTime {
    private let start: Double?
    private let end: Double?
    private let events: [HKWorkoutEvent]
    private var intervals: [(Double, Double)]?

    /// The active time of `span`.
    init(_ span: WorkoutSpan) {
        start = span.start?.timeIntervalSince1970
        end = span.end?.timeIntervalSince1970
        events = span.events
    }

    /// Whether an instant counts: inside collection and not inside a pause.
    mutating func contains(_ time: Double) -> Bool {
        guard let start, time >= start else { return false }
        if let end, time > end { return false }
        // Events after `time` never change whether it is active, so one
        // list running to infinity answers for every instant.
        if intervals == nil { intervals = ActiveIntervals.between(start: start, end: .infinity, events: events) }
        return intervals!.contains { time >= $0.0 && time <= $0.1 }
    }
}
