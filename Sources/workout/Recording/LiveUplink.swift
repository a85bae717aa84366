#if Web
import Foundation
import NIOHTTP1
import WebClient
import OpenHealthKit

/// Sends a recording's live snapshots to a club (`workout record --live-to URL`), where followers on any of its
/// servers get them as they come (`/api/live/{session}/events`).
///
/// Each snapshot taken is a numbered point of one session, kept in order until the club has acknowledged it: while
/// the network is away they wait (up to ``backlogLimit``, the oldest dropped beyond), and go in order once it is
/// back. A point sent again after a lost answer is acknowledged without being stored twice.
actor LiveUplink {
    /// The session's identifier: the address followers open.
    let session = UUID()
    private let endpoint: URL
    private let base: URL
    private let token: String
    private var waiting: [(sequence: Int64, body: Data)] = []
    private var nextSequence: Int64 = 1
    private var sending: Task<Void, Never>?
    private var failing = false
    private let encoder: JSONEncoder
    /// Points kept while the club cannot be reached: two hours at one every 2 s.
    static let backlogLimit = 3_600
    /// What to say to the rider: the club unreachable, and back.
    private let say: @Sendable (String) -> Void

    /// An uplink to the club at `base`, with `token`, telling the rider through `say`.
    init(base: URL, token: String, say: @escaping @Sendable (String) -> Void) {
        endpoint = URL(string: "api/live/", relativeTo: base)!.absoluteURL
        self.base = base
        self.token = token
        self.say = say
        encoder = LiveSnapshot.jsonEncoder()
    }

    /// Points acknowledged so far.
    private(set) var acknowledged: Int64 = 0

    /// The followers' stream of points on the club (server-sent events).
    nonisolated var followURL: URL { endpoint.appendingPathComponent(session.uuidString).appendingPathComponent("events") }

    /// The session's page on the club, the address a person opens (and shares from).
    nonisolated var pageURL: URL { URL(string: "live/session/\(session.uuidString)", relativeTo: base)!.absoluteURL }

    /// What followers get of each point: the snapshot, and the positions since the last point.
    private struct Point: Encodable {
        var status: LiveSnapshot
        var points: [[Double]]
    }

    /// Queues `snapshot`, with the `positions` since the last point, as the next point (the last, with `ended`), and
    /// sends what waits, in order.
    func send(_ snapshot: LiveSnapshot, positions: [[Double]] = [], ended: Bool = false) {
        guard let encoded = try? encoder.encode(Point(status: snapshot, points: positions)), let text = String(data: encoded, encoding: .utf8) else { return }
        let body = Data("{\"sequence\":\(nextSequence),\"ended\":\(ended),\"snapshot\":\(text)}".utf8)
        waiting.append((nextSequence, body))
        nextSequence += 1
        if waiting.count > Self.backlogLimit { waiting.removeFirst(waiting.count - Self.backlogLimit) }
        if sending == nil { sending = Task { await drain() } }
    }

    /// Waits up to `timeout` for what waits to be sent (the end of a recording).
    func finish(within timeout: Duration) async {
        let deadline = ContinuousClock.now + timeout
        while !waiting.isEmpty, ContinuousClock.now < deadline {
            if sending == nil { sending = Task { await drain() } }
            try? await Task.sleep(for: .milliseconds(100))
        }
        sending?.cancel()
    }

    private func drain() async {
        var wait = 0.5
        while let first = waiting.first, !Task.isCancelled {
            let url = endpoint.appendingPathComponent(session.uuidString)
            let answer = try? await HTTPRequester.send(.POST, url, headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
                                                       body: first.body, timeout: .seconds(10))
            switch answer?.status {
            case .some(200..<300):
                if waiting.first?.sequence == first.sequence { waiting.removeFirst() }
                acknowledged = max(acknowledged, first.sequence)
                if failing { say("live: the club is reached again; \(waiting.count) point(s) to catch up") }
                failing = false
                wait = 0.5
            case .some(let status) where (400..<500).contains(status) && status != 429:
                // Refused for good (a revoked token, a session of another athlete): said once, and nothing more is sent.
                say("live: the club refused the point (\(status)): \(String(decoding: answer?.body.prefix(200) ?? Data(), as: UTF8.self)); live tracking stops")
                waiting.removeAll()
            default:
                if !failing { say("live: the club cannot be reached (\(answer.map { "status \($0.status)" } ?? "no answer")); points wait and go once it is back") }
                failing = true
                try? await Task.sleep(for: .seconds(wait))
                wait = min(wait * 2, 8)
            }
        }
        sending = nil
    }
}
#endif
