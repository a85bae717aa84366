public import Foundation

/// Reads the beats of a heartbeat series with Swift concurrency, in order.
///
/// ```swift
/// for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) {
///     if !beat.precededByGap { intervals.append(beat.timeSinceSeriesStart - last) }
///     last = beat.timeSinceSeriesStart
/// }
/// ```
public struct HKHeartbeatSeriesQueryDescriptor: Sendable {
    /// One beat of a series.
    public struct Result: Sendable, Hashable {
        /// Seconds from the series' start to the beat.
        public let timeSinceSeriesStart: TimeInterval
        /// Whether beats went unrecorded just before this one, so the interval from the previous beat is not a beat-to-beat interval.
        public let precededByGap: Bool

        /// A beat `timeSinceSeriesStart` seconds into its series.
        public init(timeSinceSeriesStart: TimeInterval, precededByGap: Bool) {
            self.timeSinceSeriesStart = timeSinceSeriesStart
            self.precededByGap = precededByGap
        }
    }

    /// The series to read.
    public let heartbeatSeries: HKHeartbeatSeriesSample

    /// Describes a query for every beat of `heartbeatSeries`.
    public init(_ heartbeatSeries: HKHeartbeatSeriesSample) {
        self.heartbeatSeries = heartbeatSeries
    }

    /// The beats, oldest first; the stream ends with ``HKError/Code/errorNoData`` when the series has none.
    public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<Result, any Error> {
        let series = heartbeatSeries
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for beat in try await healthStore.beats(of: series) {
                        if Task.isCancelled { break }
                        continuation.yield(beat)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
