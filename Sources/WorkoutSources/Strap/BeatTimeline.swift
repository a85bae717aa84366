import Foundation
import OpenHealthKitCore

/// Places beats in time from RR intervals (see ``HeartRateStrapReadings``).
struct BeatTimeline: Sendable {
    /// Seconds since the reference date at which the running RR sum started.
    private var offset: TimeInterval?
    private var sum: TimeInterval = 0
    private var lastBeat: TimeInterval?

    /// A notification arriving more than this long after its last beat follows lost beats.
    static let maximumLag: TimeInterval = 3

    /// The beats `intervals` (1/1024 s, oldest first) end, for a notification arriving at `arrival`.
    mutating func add(_ intervals: [UInt16], arrival: Date) -> [(interval: TimeInterval, end: Date)] {
        let added = intervals.reduce(0) { $0 + Double($1) } / 1024
        guard added > 0 else { return [] }
        let now = arrival.timeIntervalSinceReferenceDate
        if let offset, now - (offset + sum + added) > Self.maximumLag {
            self.offset = nil
        }
        if let offset {
            self.offset = min(offset, now - (sum + added))
        } else {
            offset = now - added
            sum = 0
        }
        var beats: [(interval: TimeInterval, end: Date)] = []
        beats.reserveCapacity(intervals.count)
        for raw in intervals where raw > 0 {
            let interval = Double(raw) / 1024
            sum += interval
            var end = offset! + sum
            // The anchor only moves back; never let a beat land before the previous one.
            if let lastBeat, end <= lastBeat { end = lastBeat + interval }
            lastBeat = end
            beats.append((interval, Date(timeIntervalSinceReferenceDate: end)))
        }
        return beats
    }
}
