#if Web
import Foundation
import OpenHealthKit
import Synchronization
import WorkoutServer

/// Sends a recording to the live page: the builder's delegate, publishing a
/// snapshot the moment readings are collected (a fix reaches the page within
/// milliseconds, not at the next redraw), and the recording loop's snapshots
/// for state changes and the time. Every snapshot comes from the recording's
/// one ``LiveSnapshotter``, so the page shows what the dashboard shows.
final class LivePublisher: HKLiveWorkoutBuilderDelegate, Sendable {
    private let feed: LiveFeed
    private let dataSource: HKLiveWorkoutDataSource
    private let snapshotter: LiveSnapshotter
    private let clock: any WorkoutClock
    private let session: WeakReference<HKWorkoutSession>
    private let updates: AsyncStream<(LiveSnapshot, [(latitude: Double, longitude: Double)])>.Continuation
    private let sentLocations = Mutex(0)
    /// Publishes in order, one at a time.
    private let sender: Task<Void, Never>

    init(feed: LiveFeed, session: HKWorkoutSession, dataSource: HKLiveWorkoutDataSource, snapshotter: LiveSnapshotter, clock: any WorkoutClock) {
        self.feed = feed
        self.session = WeakReference(session)
        self.dataSource = dataSource
        self.snapshotter = snapshotter
        self.clock = clock
        let (stream, continuation) = AsyncStream.makeStream(of: (LiveSnapshot, [(latitude: Double, longitude: Double)]).self)
        updates = continuation
        sender = Task { for await (snapshot, points) in stream { await feed.publish(snapshot, newPoints: points) } }
    }

    /// Publishes the builder's current state.
    func publish(_ builder: HKLiveWorkoutBuilder) {
        publish(snapshotter.snapshot(session: session.value, builder: builder, dataSource: dataSource, at: clock.now))
    }

    /// Publishes `snapshot`, with the newest position when the track grew.
    func publish(_ snapshot: LiveSnapshot) {
        var snapshot = snapshot
        // "ended" is said once, by finish, with the saved workout's identifier.
        if snapshot.state == .ended { snapshot.state = .saving }
        let location = dataSource.latestLocation
        let count = dataSource.locationCount
        let points: [(latitude: Double, longitude: Double)] = sentLocations.withLock { sent in
            defer { sent = count }
            guard count > sent, let location else { return [] }
            return [(location.coordinate.latitude, location.coordinate.longitude)]
        }
        updates.yield((snapshot, points))
    }

    /// Publishes the end: the saved workout's identifier, and its address when a browser reaches it (the
    /// club it was sent to), for the page's link.
    func finish(workoutID: String?, url: String?, builder: HKLiveWorkoutBuilder) async {
        publish(builder)
        updates.finish()
        await sender.value
        guard let snapshot = await feed.latest else { return }
        await feed.publish(snapshot.ended(workoutID: workoutID, workoutURL: url))
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) { publish(workoutBuilder) }
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) { publish(workoutBuilder) }
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {}
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {}
}
#endif
