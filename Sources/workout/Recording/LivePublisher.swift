import Foundation
import OpenHealthKit
import WorkoutServer

/// Sends a recording to the live page: the builder's delegate, publishing a
/// status the moment readings are collected (a fix reaches the page within
/// milliseconds, not at the next redraw), and at each tick of the recording
/// loop for state changes and the time.
final class LivePublisher: HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    private let feed: LiveFeed
    private let dataSource: HKLiveWorkoutDataSource
    private let activity: HKWorkoutActivityType
    private let gps: String?
    private let strap: String?
    private let zones: HeartRateZones?
    private let clock: any WorkoutClock
    private weak var session: HKWorkoutSession?
    private let updates: AsyncStream<(LiveStatus, [(latitude: Double, longitude: Double)])>.Continuation
    private let lock = NSLock()
    private var sentLocations = 0
    /// Publishes in order, one at a time.
    private let sender: Task<Void, Never>

    init(feed: LiveFeed, session: HKWorkoutSession, dataSource: HKLiveWorkoutDataSource, activity: HKWorkoutActivityType, gps: String?, strap: String?,
         athlete: AthleteProfile?, clock: any WorkoutClock) {
        self.feed = feed
        self.session = session
        self.dataSource = dataSource
        self.activity = activity
        self.gps = gps
        self.strap = strap
        zones = athlete.flatMap(HeartRateZoneChoice.init(profile:))?.zones
        self.clock = clock
        let (stream, continuation) = AsyncStream.makeStream(of: (LiveStatus, [(latitude: Double, longitude: Double)]).self)
        updates = continuation
        sender = Task { for await (status, points) in stream { await feed.publish(status, newPoints: points) } }
    }

    /// Publishes the builder's current state.
    func publish(_ builder: HKLiveWorkoutBuilder) {
        let date = clock.now
        func recent(_ type: HKQuantityTypeIdentifier, unit: HKUnit, within seconds: TimeInterval) -> Double? {
            guard let statistics = builder.statistics(for: HKQuantityType(type)), let interval = statistics.mostRecentQuantityDateInterval(),
                  date.timeIntervalSince(interval.end) <= seconds else { return nil }
            return statistics.mostRecentQuantity()?.doubleValue(for: unit)
        }
        let location = dataSource.latestLocation
        let statuses = dataSource.statuses
        var state = session.map { RecordDisplay.name($0.state) } ?? "waiting"
        if session?.state == .paused, builder.workoutEvents.last(where: { $0.type == .motionPaused || $0.type == .motionResumed })?.type == .motionPaused { state = "auto-paused" }
        // "ended" is said once, by finish, with the saved workout's identifier.
        if state == "ended" { state = "saving" }
        let heartRate = recent(.heartRate, unit: beatsPerMinute, within: 10)
        let status = LiveStatus(
            state: state, activity: activity.name, start: builder.startDate, elapsedSeconds: builder.elapsedTime(at: date),
            distanceMeters: builder.statistics(for: HKQuantityType(HKWorkout.distanceType(for: activity)))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0,
            speed: location.flatMap { date.timeIntervalSince($0.timestamp) <= 5 && $0.speed >= 0 ? $0.speed : nil }, showsPace: usesPace(activity.name),
            heartRate: heartRate, heartRateZone: heartRate.flatMap { value in zones.map { $0.zone(of: value) } }.flatMap { $0 > 0 ? $0 : nil },
            gps: gps.map { name in statuses[name].map(RecordDisplay.describe) ?? "waiting for gpsd" },
            strap: strap.map { name in statuses[name].map(RecordDisplay.describe) ?? "waiting for the strap" },
            fixTime: location?.timestamp)
        let points: [(latitude: Double, longitude: Double)] = lock.withLock {
            let count = dataSource.locationCount
            defer { sentLocations = count }
            guard count > sentLocations, let location else { return [] }
            return [(location.coordinate.latitude, location.coordinate.longitude)]
        }
        updates.yield((status, points))
    }

    /// Publishes the end: the saved workout's identifier, for the page's link.
    func finish(workoutID: String?, builder: HKLiveWorkoutBuilder) async {
        publish(builder)
        updates.finish()
        await sender.value
        guard var status = await feed.latest else { return }
        status.state = "ended"
        status.workoutID = workoutID
        await feed.publish(status)
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) { publish(workoutBuilder) }
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) { publish(workoutBuilder) }
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {}
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {}
}
