import Foundation
import OpenHealthKit
import WorkoutServer

extension Record {
    /// The web server a recording runs with `--serve`, and what feeds its live page.
    struct LiveServer {
        var feed: LiveFeed
        var publisher: LivePublisher
        var server: Task<Void, Never>
    }

    /// Starts the web app with the live page when `--serve` is given, and waits until it listens.
    func startServer(store: HKHealthStore, session: HKWorkoutSession, dataSource: HKLiveWorkoutDataSource, snapshotter: LiveSnapshotter,
                     clock: any WorkoutClock, display: RecordDisplay) async throws -> LiveServer? {
        guard let serve else { return nil }
        let feed = LiveFeed(wallClock: { SystemClock().now })
        let publisher = LivePublisher(feed: feed, session: session, dataSource: dataSource, snapshotter: snapshotter, clock: clock)
        let server = WorkoutServer(library: StoreCatalog(store: store), liveFeed: feed,
                                   configuration: .init(host: serve.host, port: serve.port, token: token, isPublic: isPublic))
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
}
