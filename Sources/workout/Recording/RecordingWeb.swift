import ArgumentParser
import Foundation
import OpenHealthKit
#if Web
import WorkoutServer
#endif

/// What a recording does on the web: the live page it serves (`--serve`), the club it sends its live snapshots to
/// (`--live-to`), and the club it sends the saved workout to (`--sync-to`).
///
/// Built with the `Web` trait (the default), these are the club's and the web app's own clients and server. Without
/// it, the options are refused before anything connects, and the recording runs without them.
struct RecordingWeb {
    /// The web options of a recording.
    struct Options {
        var serve: ServeAddress?
        var token: String?
        var isPublic: Bool
        var syncTo: String?
        var liveTo: String?
        var syncTokenFile: String?
        var syncRetryFor: Double
        var json: Bool

        var isEmpty: Bool { serve == nil && syncTo == nil && liveTo == nil }
    }

    let options: Options
    #if Web
    private var live: LiveServer?
    private var uplink: LiveUplink?
    private var lastLive = Date.distantPast
    private var liveLocations = 0
    private var livePositions: [[Double]] = []
    #endif

    /// The options checked before anything connects: addresses, tokens, and whether this build has the web at all.
    static func check(_ options: Options) throws {
        #if Web
        if let serve = options.serve, !WorkoutServer.Configuration(host: serve.host, port: serve.port).isLoopback, options.token == nil {
            throw ValidationError("--serve \(serve.host):\(serve.port) lets other machines reach the store: give --token SECRET too.")
        }
        if let syncTo = options.syncTo {
            _ = try SyncClient.serverURL(syncTo, option: "--sync-to")
            _ = try Sync.token(nil, file: options.syncTokenFile)
        }
        if let liveTo = options.liveTo {
            _ = try SyncClient.serverURL(liveTo, option: "--live-to")
            _ = try Sync.token(nil, file: options.syncTokenFile)
        }
        #else
        let given = [options.serve.map { _ in "--serve" }, options.syncTo.map { _ in "--sync-to" }, options.liveTo.map { _ in "--live-to" }].compactMap { $0 }
        if let first = given.first {
            throw ValidationError(WebTrait.missing(first))
        }
        #endif
    }

    /// Starts what the options ask for: the web app with the live page (waiting until it listens), and the club's uplink.
    init(_ options: Options, store: HKHealthStore, session: HKWorkoutSession, dataSource: HKLiveWorkoutDataSource, snapshotter: LiveSnapshotter,
         clock: any WorkoutClock, display: RecordDisplay, commands: RecordWakes) async throws {
        self.options = options
        #if Web
        live = try await Self.startServer(options, store: store, session: session, dataSource: dataSource, snapshotter: snapshotter, clock: clock,
                                          display: display, commands: commands)
        // Followers through the club: the snapshot every 2 s, in order, kept while the network is away.
        uplink = try options.liveTo.map { address in
            LiveUplink(base: try SyncClient.serverURL(address, option: "--live-to"), token: try Sync.token(nil, file: options.syncTokenFile),
                       say: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        }
        if let uplink { display.log("live on the club: \(uplink.pageURL.absoluteString) (its events: \(uplink.followURL.absoluteString))") }
        #endif
    }

    /// The builder's delegate that publishes each reading to the live page as it is collected.
    var builderDelegate: (any HKLiveWorkoutBuilderDelegate)? {
        #if Web
        live?.publisher
        #else
        nil
        #endif
    }

    /// Draws the course under the live page's track.
    func setCourse(_ points: [(latitude: Double, longitude: Double)]) async {
        #if Web
        await live?.feed.setCourse(points)
        #endif
    }

    /// Publishes a turn's snapshot: to the live page at once, and to the club every 2 s or at a change of state, with the
    /// positions gathered since (every fix of a 1-Hz receiver, in batches at the uplink's pace).
    mutating func publish(_ snapshot: LiveSnapshot, dataSource: HKLiveWorkoutDataSource, isStateChange: Bool, at now: Date) async {
        #if Web
        live?.publisher.publish(snapshot)
        guard let uplink else { return }
        if dataSource.locationCount > liveLocations, let location = dataSource.latestLocation {
            livePositions.append([location.coordinate.latitude, location.coordinate.longitude])
            liveLocations = dataSource.locationCount
            if livePositions.count > 600 { livePositions.removeFirst(livePositions.count - 600) }
        }
        if now.timeIntervalSince(lastLive) >= 2 || isStateChange {
            lastLive = now
            await uplink.send(snapshot, positions: livePositions)
            livePositions = []
        }
        #endif
    }

    /// The workout saved: sent to the club (`--sync-to`), its end told to the live page, and the server stopped.
    /// Returns the workout's address on the club when it is there.
    func saved(_ workout: HKWorkout?, finished: HKWorkout?, store: HKHealthStore, builder: HKLiveWorkoutBuilder) async -> String? {
        #if Web
        var clubURL: String?
        // Sent on before the live page's last word, so that it links the workout where it now is.
        if let syncTo = options.syncTo, let workout { clubURL = await sync(to: syncTo, store: store, workout: workout) }
        if let live {
            await live.publisher.finish(workoutID: finished?.uuid.uuidString, url: clubURL, builder: builder)
            // A moment for open pages to get the end before the server stops.
            try? await Task.sleep(for: .seconds(1))
            live.server.cancel()
            await live.feed.finish()
        }
        return clubURL
        #else
        return nil
        #endif
    }

    /// The end, for the club's followers, with the workout's address there, and what still waits; the count of points
    /// the club acknowledged, when it was sent any.
    func ended(_ last: LiveSnapshot) async -> Int64? {
        #if Web
        guard let uplink else { return nil }
        await uplink.send(last, ended: true)
        await uplink.finish(within: .seconds(15))
        return await uplink.acknowledged
        #else
        return nil
        #endif
    }
}

#if Web
extension RecordingWeb {
    /// The web server a recording runs with `--serve`, and what feeds its live page.
    struct LiveServer {
        var feed: LiveFeed
        var publisher: LivePublisher
        var server: Task<Void, Never>
    }

    /// Starts the web app with the live page when `--serve` is given, and waits until it listens.
    static func startServer(_ options: Options, store: HKHealthStore, session: HKWorkoutSession, dataSource: HKLiveWorkoutDataSource,
                            snapshotter: LiveSnapshotter, clock: any WorkoutClock, display: RecordDisplay,
                            commands: RecordWakes) async throws -> LiveServer? {
        guard let serve = options.serve else { return nil }
        let feed = LiveFeed(wallClock: { SystemClock().now })
        // The page's buttons are the dashboard's keys; whether one applies now is the recording's to judge, in turn.
        await feed.acceptCommands { command in
            switch command {
            case .start: commands.push(.start)
            case .pause: commands.push(.pauseOrResume)
            case .lap: commands.push(.lap)
            case .marker: commands.push(.marker)
            case .finish: commands.push(.finish)
            }
            return true
        }
        let publisher = LivePublisher(feed: feed, session: session, dataSource: dataSource, snapshotter: snapshotter, clock: clock)
        let server = WorkoutServer(library: StoreCatalog(store: store), liveFeed: feed,
                                   configuration: .init(host: serve.host, port: serve.port, token: options.token, isPublic: options.isPublic))
        let (listening, announce) = AsyncStream.makeStream(of: Result<URL, any Error>.self)
        let task = Task {
            do {
                try await server.run(handlesSignals: false) { url in announce.yield(.success(url)) }
            } catch {
                announce.yield(.failure(error))
            }
            announce.finish()
        }
        var iterator = listening.makeAsyncIterator()
        switch await iterator.next() {
        case .success(let url)?:
            display.log("live page on \(url)live")
        case .failure(let error)?:
            throw RecordingsError("cannot serve on \(serve.host):\(serve.port): \(error). Is another server using the port? Give another --serve port.")
        case nil:
            throw RecordingsError("the web server on \(serve.host):\(serve.port) stopped at once.")
        }
        return LiveServer(feed: feed, publisher: publisher, server: task)
    }

    /// Sends the store's workouts the club lacks (this one, and any an earlier
    /// recording could not send): the store is the queue, so a workout recorded
    /// offline goes with the next recording or `workout sync` once the network is back.
    /// A failure is said, not fatal: the workout is saved. Returns the workout's address on the club when
    /// `workout` is there now.
    func sync(to url: String, store: HKHealthStore, workout: HKWorkout) async -> String? {
        do {
            // check(_:) checked the address and the token.
            let base = try SyncClient.serverURL(url, option: "--sync-to")
            let client = SyncClient(base: base, token: try Sync.token(nil, file: options.syncTokenFile), retryFor: options.syncRetryFor)
            // Under --json, standard output holds the summary alone.
            let report = try await Sync.sendMissing(from: store, to: client, lines: options.json ? .standardError : .standardOutput)
            if report.failed > 0 {
                warn("\(report.failed) workout(s) not sent to \(url); the store keeps them, and the next `workout sync` or `workout record --sync-to` sends them.")
            }
            let id = Sync.clubID(of: workout)
            guard !report.failedIDs.contains(id), report.known.contains(id) else { return nil }
            return base.appendingPathComponent("workouts").appendingPathComponent(id.uuidString).absoluteString
        } catch {
            warn("not sent to \(url) now (\(error)); the store keeps the workout, and the next `workout sync` or `workout record --sync-to` sends it.")
            return nil
        }
    }
}
#endif
