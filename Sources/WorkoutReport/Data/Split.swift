public import WorkoutFormats
/// One kilometre (or mile) of a workout: how long it took and how it went.
public struct Split: Sendable, Equatable {
    /// The split's number, from 1.
    public var number: Int
    /// The split's length in metres: a whole kilometre or mile, or the rest at the end.
    public var meters: Double
    /// Moving seconds the split took (pauses left out).
    public var seconds: Double
    /// The average heart rate over the split, in beats per minute.
    public var averageHeartRate: Double?
    /// Altitude at the split's end less altitude at its start, in metres.
    public var elevationChange: Double?

    /// Average speed over the split, in metres per second.
    public var speed: Double { seconds > 0 ? meters / seconds : 0 }

    /// The splits of a timeline, every `length` metres, the last one partial.
    ///
    /// A split's ends fall between records; its time is interpolated between
    /// the two records either side, so splits add up to the moving time.
    public static func splits(of timeline: WorkoutTimeline, every length: Double) -> [Split] {
        precondition(length > 0, "A split needs a length")
        guard let total = timeline.distance.last, total > 0 else { return [] }
        var splits: [Split] = []
        var index = 0
        var startTime = 0.0, startAltitude = firstAltitude(timeline)
        var boundary = length
        var heartRates = 0.0, heartRateCount = 0
        while index < timeline.count {
            if timeline.distance[index] >= boundary || index == timeline.count - 1 {
                let end = min(boundary, total)
                let time = timeline.movingTime(atDistance: end, near: index)
                let altitude = timeline.altitude[index]
                splits.append(Split(number: splits.count + 1, meters: end - (boundary - length), seconds: max(0, time - startTime),
                                    averageHeartRate: heartRateCount > 0 ? heartRates / Double(heartRateCount) : nil,
                                    elevationChange: altitude.flatMap { a in startAltitude.map { a - $0 } }))
                if end >= total { break }
                startTime = time
                startAltitude = altitude ?? startAltitude
                boundary += length
                heartRates = 0
                heartRateCount = 0
                continue
            }
            if let heartRate = timeline.heartRate[index], !timeline.isPaused(at: timeline.elapsed[index]) {
                heartRates += heartRate
                heartRateCount += 1
            }
            index += 1
        }
        // Rounding leaves a sliver at the end as a split of its own: fold it into the last.
        if splits.count > 1, let last = splits.last, last.meters < 1 {
            splits.removeLast()
            splits[splits.count - 1].seconds += last.seconds
            splits[splits.count - 1].meters += last.meters
        }
        return splits
    }

    private static func firstAltitude(_ timeline: WorkoutTimeline) -> Double? {
        timeline.altitude.first { $0 != nil } ?? nil
    }
}
