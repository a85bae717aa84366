public import Foundation
public import HealthKitModel

/// A recording in progress, for the live page: its latest snapshot and its track
/// so far, sent to every open page as Server-Sent Events.
///
/// A page that connects (or reconnects after a dropped connection) first gets
/// a `snapshot` event with the whole track, then an `update` event for each
/// ``publish(_:newPoints:)`` with only the points added since, so it catches up
/// whatever it missed.
public actor LiveFeed {
    private var status: LiveSnapshot?
    private var track: [[Double]] = []
    private var course: [[Double]]?
    private var sequence = 0
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]
    private let wallClock: @Sendable () -> Date
    private let encoder: JSONEncoder
    private var commandHandler: (@Sendable (LiveCommand) -> Bool)?

    /// A feed with nothing published yet.
    /// - Parameter wallClock: The time stamped on each event as `sentAt`, for
    ///   measuring how long events take to reach a page.
    public init(wallClock: @escaping @Sendable () -> Date) {
        self.wallClock = wallClock
        encoder = LiveSnapshot.jsonEncoder()
    }

    /// Lets the live page's buttons drive the recording: `handler` carries out a command, or says `false` when it does
    /// not apply now (a start once started). Without it, the page has no buttons and commands are refused.
    public func acceptCommands(_ handler: @escaping @Sendable (LiveCommand) -> Bool) {
        commandHandler = handler
    }

    /// Whether the recording takes commands from the live page.
    public var acceptsCommands: Bool { commandHandler != nil }

    /// Hands `command` to the recording: `nil` when it takes no commands, else whether it carried it out.
    public func perform(_ command: LiveCommand) -> Bool? {
        commandHandler.map { $0(command) }
    }

    /// The latest status, if anything was published.
    public var latest: LiveSnapshot? { status }

    /// How many track points were published.
    public var trackCount: Int { track.count }

    /// Publishes a new status, with the positions (latitude, longitude) added since the last one.
    public func publish(_ status: LiveSnapshot, newPoints: [(latitude: Double, longitude: Double)] = []) {
        self.status = status
        let points = newPoints.map { [($0.latitude * 1e6).rounded() / 1e6, ($0.longitude * 1e6).rounded() / 1e6] }
        track.append(contentsOf: points)
        sequence += 1
        guard !subscribers.isEmpty else { return }
        let event = Self.event(name: "update", id: sequence, data: encoded(Message(sequence: sequence, status: status, points: points, trackCount: track.count, sentAt: wallClock())))
        for subscriber in subscribers.values { subscriber.yield(event) }
    }

    /// The course the recording follows (latitude, longitude), drawn under the track; at most 2,000 of its points
    /// are kept, evenly, the last always. Sent with each snapshot, not with updates.
    public func setCourse(_ points: [(latitude: Double, longitude: Double)]) {
        let step = max(1, Int((Double(points.count) / 2_000).rounded(.up)))
        var kept = stride(from: 0, to: points.count, by: step).map { points[$0] }
        if let last = points.last, points.count > 1, (points.count - 1) % step != 0 { kept.append(last) }
        course = kept.map { [($0.latitude * 1e6).rounded() / 1e6, ($0.longitude * 1e6).rounded() / 1e6] }
    }

    /// The snapshot as JSON: the status, the whole track and the course.
    public func snapshotJSON() -> String {
        encoded(Message(sequence: sequence, status: status, points: track, trackCount: track.count, sentAt: wallClock(), course: course))
    }

    /// Events for one page: a snapshot, then every update until the page goes.
    /// The pages following the feed now.
    public var followerCount: Int { subscribers.count }

    public func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1_000))
        let id = UUID()
        subscribers[id] = continuation
        continuation.yield("retry: 1000\n" + Self.event(name: "snapshot", id: sequence, data: snapshotJSON()))
        continuation.onTermination = { [weak self] _ in Task { await self?.unsubscribe(id) } }
        return stream
    }

    /// Ends every page's stream (the recording's server is stopping).
    public func finish() {
        for subscriber in subscribers.values { subscriber.finish() }
        subscribers = [:]
    }

    private func unsubscribe(_ id: UUID) { subscribers[id] = nil }

    private func encoded(_ message: Message) -> String {
        (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func event(name: String, id: Int, data: String) -> String {
        "event: \(name)\nid: \(id)\ndata: \(data)\n\n"
    }

    /// One event's data.
    private struct Message: Encodable {
        var sequence: Int
        var status: LiveSnapshot?
        var points: [[Double]]
        var trackCount: Int
        var sentAt: Date
        var course: [[Double]]? = nil
    }
}
