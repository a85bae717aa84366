public import Foundation
internal import GRDB
import Synchronization

/// Builds a heartbeat series beat by beat, then saves it.
///
/// ```swift
/// let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: strap, start: start)
/// try await builder.addHeartbeat(at: 0.82, precededByGap: false)
/// let series = try await builder.finishSeries()
/// ```
///
/// ``HeartbeatSeries/beats(fromRRIntervals:)`` turns a strap's RR intervals into beat times.
public final class HKHeartbeatSeriesBuilder: Sendable {
    /// The beats and metadata added so far, under one lock.
    private struct State {
        var beats: [(time: TimeInterval, gap: Bool)] = []
        var metadata: [String: MetadataValue] = [:]
        var finished = false
    }

    private let state = Mutex(State())
    private let healthStore: HKHealthStore
    private let device: HKDevice?
    /// Whether a live data source collects the series for a workout: it is saved whatever
    /// the app may share, as the rest of what the data source collects.
    let collectedByDataSource: Bool
    /// When the series starts; beat times count from here.
    public let startDate: Date

    /// The longest a series may last: beats more than this after the start are refused.
    public static let maximumCount = 100_000

    /// A builder for a series starting at `startDate`.
    public convenience init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date) {
        self.init(healthStore: healthStore, device: device, start: startDate, collectedByDataSource: false)
    }

    init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date, collectedByDataSource: Bool) {
        self.healthStore = healthStore
        self.device = device
        self.startDate = startDate
        self.collectedByDataSource = collectedByDataSource
    }

    /// Adds a beat `timeIntervalSinceStart` seconds after the start.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` for a negative or
    ///   non-finite time, a beat earlier than the previous one, or after finishing.
    public func addHeartbeat(at timeIntervalSinceStart: TimeInterval, precededByGap: Bool) async throws {
        try state.withLock { state throws in
            guard !state.finished else { throw HKError(.errorInvalidArgument, "The heartbeat series has already finished") }
            guard timeIntervalSinceStart.isFinite, timeIntervalSinceStart >= 0 else {
                throw HKError(.errorInvalidArgument, "A heartbeat's time since the series start must be a non-negative number of seconds, not \(timeIntervalSinceStart)")
            }
            if let last = state.beats.last, timeIntervalSinceStart < last.time {
                throw HKError(.errorInvalidArgument, "Heartbeats must be added in time order: \(timeIntervalSinceStart) s comes before the previous beat at \(last.time) s")
            }
            guard state.beats.count < Self.maximumCount else {
                throw HKError(.errorDataSizeExceeded, "A heartbeat series holds at most \(Self.maximumCount) beats; finish this one and start another")
            }
            state.beats.append((timeIntervalSinceStart, precededByGap))
        }
    }

    /// Completion-handler form of ``addHeartbeat(at:precededByGap:)``.
    @preconcurrency
    public func addHeartbeatWithTimeInterval(sinceSeriesStartDate timeInterval: TimeInterval, precededByGap: Bool,
                                             completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completing(completion) { try await self.addHeartbeat(at: timeInterval, precededByGap: precededByGap) }
    }

    /// Merges metadata into the series'.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        guard let values = MetadataValue.encode(metadata) else {
            throw HKError(.errorInvalidArgument, "Metadata values must be strings, numbers, booleans, dates or quantities")
        }
        state.withLock { $0.metadata.merge(values) { _, new in new } }
    }

    /// Saves the series.
    ///
    /// - Throws: ``HKError/Code/errorNoData`` when no beat was added.
    public func finishSeries() async throws -> HKHeartbeatSeriesSample {
        try await finishSeries(workout: nil)
    }

    /// Saves the series, tied to `workout` when one is given.
    package func finishSeries(workout: UUID?) async throws -> HKHeartbeatSeriesSample {
        // An untyped closure: a typed-throws one returning this tuple crashes Swift 6.3's SIL generation.
        let (collected, collectedMetadata) = try state.withLock { state throws -> ([(time: TimeInterval, gap: Bool)], [String: MetadataValue]) in
            guard !state.finished else { throw HKError(.errorInvalidArgument, "The heartbeat series has already finished") }
            guard !state.beats.isEmpty else { throw HKError(.errorNoData, "A heartbeat series needs at least one beat; none were added") }
            state.finished = true
            return (state.beats, state.metadata)
        }
        let series = HKHeartbeatSeriesSample(unchecked: startDate, end: startDate.addingTimeInterval(collected.last!.time), count: collected.count,
                                             device: device, metadata: MetadataValue.decode(collectedMetadata),
                                             sourceRevision: HKSourceRevision(source: healthStore.source, version: nil))
        try await healthStore.saveHeartbeats(series, beats: collected, workout: workout, collected: collectedByDataSource)
        return series
    }

    /// Completion-handler form of ``finishSeries()``.
    @preconcurrency
    public func finishSeries(completion: @escaping @Sendable (HKHeartbeatSeriesSample?, (any Error)?) -> Void) {
        completing(completion) { try await self.finishSeries() }
    }
}
