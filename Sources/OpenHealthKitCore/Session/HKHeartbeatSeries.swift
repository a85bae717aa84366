public import Foundation
internal import GRDB

/// A series of heartbeats: the time of each beat since the series started,
/// and whether a gap (missed beats, lost contact) came before it.
public final class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {
    init(unchecked start: Date, end: Date, count: Int, uuid: UUID = ObjectUUID.next(), device: HKDevice?,
         metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        super.init(type: .heartbeat(), start: start, end: end, count: count, uuid: uuid, device: device, metadata: metadata,
                   sourceRevision: sourceRevision)
    }
}

/// Builds a heartbeat series beat by beat, then saves it.
///
/// ```swift
/// let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: strap, start: start)
/// try await builder.addHeartbeat(at: 0.82, precededByGap: false)
/// let series = try await builder.finishSeries()
/// ```
///
/// ``HeartbeatSeries/beats(fromRRIntervals:)`` turns a strap's RR intervals into beat times.
public final class HKHeartbeatSeriesBuilder: @unchecked Sendable {
    // `beats`, `metadata` and `finished` are guarded by `lock`.
    private let lock = NSLock()
    private var beats: [(time: TimeInterval, gap: Bool)] = []
    private var metadata: [String: MetadataValue] = [:]
    private var finished = false
    private let healthStore: HKHealthStore
    private let device: HKDevice?
    /// When the series starts; beat times count from here.
    public let startDate: Date

    /// The longest a series may last: beats more than this after the start are refused.
    public static let maximumCount = 100_000

    /// A builder for a series starting at `startDate`.
    public init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date) {
        self.healthStore = healthStore
        self.device = device
        self.startDate = startDate
    }

    /// Adds a beat `timeIntervalSinceStart` seconds after the start.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` for a negative or
    ///   non-finite time, a beat earlier than the previous one, or after finishing.
    public func addHeartbeat(at timeIntervalSinceStart: TimeInterval, precededByGap: Bool) async throws {
        try lock.withLock { () throws in
            guard !finished else { throw HKError(.errorInvalidArgument, "The heartbeat series has already finished") }
            guard timeIntervalSinceStart.isFinite, timeIntervalSinceStart >= 0 else {
                throw HKError(.errorInvalidArgument, "A heartbeat's time since the series start must be a non-negative number of seconds, not \(timeIntervalSinceStart)")
            }
            if let last = beats.last, timeIntervalSinceStart < last.time {
                throw HKError(.errorInvalidArgument, "Heartbeats must be added in time order: \(timeIntervalSinceStart) s comes before the previous beat at \(last.time) s")
            }
            guard beats.count < Self.maximumCount else {
                throw HKError(.errorDataSizeExceeded, "A heartbeat series holds at most \(Self.maximumCount) beats; finish this one and start another")
            }
            beats.append((timeIntervalSinceStart, precededByGap))
        }
    }

    /// Completion-handler form of ``addHeartbeat(at:precededByGap:)``.
    public func addHeartbeatWithTimeInterval(sinceSeriesStartDate timeInterval: TimeInterval, precededByGap: Bool,
                                             completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached { do { try await self.addHeartbeat(at: timeInterval, precededByGap: precededByGap); completion(true, nil) } catch { completion(false, error) } }
    }

    /// Merges metadata into the series'.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        guard let values = MetadataValue.encode(metadata) else {
            throw HKError(.errorInvalidArgument, "Metadata values must be strings, numbers, booleans, dates or quantities")
        }
        lock.withLock { self.metadata.merge(values) { _, new in new } }
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
        let (collected, collectedMetadata) = try lock.withLock { () throws -> ([(time: TimeInterval, gap: Bool)], [String: MetadataValue]) in
            guard !self.finished else { throw HKError(.errorInvalidArgument, "The heartbeat series has already finished") }
            guard !self.beats.isEmpty else { throw HKError(.errorNoData, "A heartbeat series needs at least one beat; none were added") }
            self.finished = true
            return (self.beats, self.metadata)
        }
        let series = HKHeartbeatSeriesSample(unchecked: startDate, end: startDate.addingTimeInterval(collected.last!.time), count: collected.count,
                                             device: device, metadata: MetadataValue.decode(collectedMetadata),
                                             sourceRevision: HKSourceRevision(source: healthStore.source, version: nil))
        try await healthStore.saveHeartbeats(series, beats: collected, workout: workout)
        return series
    }

    /// Completion-handler form of ``finishSeries()``.
    public func finishSeries(completion: @escaping @Sendable (HKHeartbeatSeriesSample?, (any Error)?) -> Void) {
        Task.detached { do { completion(try await self.finishSeries(), nil) } catch { completion(nil, error) } }
    }
}

/// Reads the beats of a heartbeat series, one call per beat.
public final class HKHeartbeatSeriesQuery: HKQuery, @unchecked Sendable {
    /// The handler's arguments: the query, seconds since the series start, whether a gap preceded the beat, whether this is the last, an error.
    public typealias DataHandler = @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void

    private let series: HKHeartbeatSeriesSample
    private let dataHandler: DataHandler

    /// A query for the beats of `heartbeatSeries`.
    public init(heartbeatSeries: HKHeartbeatSeriesSample, dataHandler: @escaping DataHandler) {
        self.series = heartbeatSeries
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.heartbeat(), predicate: nil)
    }

    override func start(on store: HKHealthStore) async {
        do {
            let database = try store.database()
            let beats = try await database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT time_since_start, preceded_by_gap FROM heartbeat WHERE series = ? ORDER BY time_since_start",
                                 arguments: [self.series.uuid]).map { ($0[0] as Double, $0[1] as Bool) }
            }
            guard !beats.isEmpty else {
                if !isStopped { dataHandler(self, 0, false, true, HKError(.errorNoData, "The heartbeat series \(series.uuid) has no beats")) }
                return
            }
            for (index, beat) in beats.enumerated() where !isStopped {
                dataHandler(self, beat.0, beat.1, index == beats.count - 1, nil)
            }
        } catch {
            if !isStopped { dataHandler(self, 0, false, true, error) }
        }
    }
}

/// Beat times and heart-rate variability from RR intervals.
public enum HeartbeatSeries {
    /// Beat times in seconds from the first beat, built from the running sum of
    /// RR intervals. A `nil` interval marks a gap (lost contact, missed beats):
    /// the next beat starts a new run at `resumeAt`, its time since the start,
    /// and is flagged as preceded by a gap.
    public static func beats(fromRRIntervals intervals: [(interval: TimeInterval?, resumeAt: TimeInterval)]) -> [(time: TimeInterval, precededByGap: Bool)] {
        var result: [(time: TimeInterval, precededByGap: Bool)] = []
        var time = 0.0
        var gap = false
        for entry in intervals {
            guard let interval = entry.interval, interval > 0, interval.isFinite else {
                gap = true
                time = max(time, entry.resumeAt)
                continue
            }
            time += interval
            result.append((time, gap))
            gap = false
        }
        return result
    }

    /// SDNN: the standard deviation of the intervals, in seconds (population form).
    public static func sdnn(_ intervals: [TimeInterval]) -> TimeInterval? {
        guard intervals.count >= 2 else { return nil }
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        return (intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count)).squareRoot()
    }

    /// RMSSD: the root mean square of successive differences, in seconds.
    public static func rmssd(_ intervals: [TimeInterval]) -> TimeInterval? {
        guard intervals.count >= 2 else { return nil }
        let squares = zip(intervals, intervals.dropFirst()).map { ($1 - $0) * ($1 - $0) }
        return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
    }
}

extension HKHealthStore {
    /// Saves a series row and its beats in one transaction.
    func saveHeartbeats(_ series: HKHeartbeatSeriesSample, beats: [(time: TimeInterval, gap: Bool)], workout: UUID? = nil) async throws {
        let database = try database()
        let plan = try planSave([series], in: database)
        let counter = try await database.writer.write { db -> Int64 in
            let counter = try self.insert([series], plan: plan, parent: workout, into: db, database: database)
            let statement = try db.makeStatement(sql: "INSERT INTO heartbeat VALUES (?, ?, ?)")
            for beat in beats { try statement.execute(arguments: [series.uuid, beat.time, beat.gap]) }
            return counter
        }
        database.notifyChanged(plan.types, counter: counter)
    }
}
