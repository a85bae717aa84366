import Foundation
import WorkoutClub

/// Wakes a club server's followers of live sessions when their points may have grown, and reads each session's new
/// points once for all of its followers on this process.
///
/// A session's followers are woken when PostgreSQL notifies its identifier (points stored through any server
/// process) or this process stores one, every follower when the listener starts again after losing its connection,
/// and a session's followers every idle look anyway (a wake lost on the way costs at most that). Each wake moves the
/// session's *generation* on. A follower asks ``points(of:after:limit:read:)`` for what it lacks: the hub reads the
/// table only when no read begun since the newest wake has finished, and one read at a time, so a session followed
/// by many pages costs one query a wake rather than one a page. A wake lost or repeated changes nothing but when
/// they look, and no point is missed: a read that began before a wake never answers a follower woken after it.
actor LiveSessionHub {
    private var followers: [UUID: [UUID: AsyncStream<Void>.Continuation]] = [:]
    /// One ticker per followed session: its followers look every idle look, with one read between them.
    private var tickers: [UUID: Task<Void, Never>] = [:]
    private(set) var listening = false
    /// How many times each session was woken, and everyone was (the listener starting again): a session's generation
    /// is the sum.
    private var wakes: [UUID: Int] = [:]
    private var wakesForEveryone = 0
    /// How many times each session's alerts changed, and everyone's may have: a follower reads a session's alerts
    /// again only when the sum moved.
    private var alertChanges: [UUID: Int] = [:]
    private var alertChangesForEveryone = 0
    /// The newest points read of each followed session, shared by its followers.
    private var windows: [UUID: PointWindow] = [:]
    /// The open alerts read of each followed session, the alert version the read began at, shared by its followers.
    private var alertReads: [UUID: (version: Int, read: Task<[LiveAlert], any Error>)] = [:]
    /// When each follower's right to follow was last confirmed, by session and follower key.
    private var confirmations: [UUID: [String: (at: ContinuousClock.Instant, session: LiveSession)]] = [:]

    /// The points kept of a session: the newest read, the highest sequence read, and the read under way.
    struct PointWindow {
        /// The newest points read, in order (at most ``LiveSessionHub/kept``).
        var points: [LivePoint] = []
        /// The highest sequence read (0 before any).
        var highest: Int64 = 0
        /// The generation the last complete read began in: a follower woken later reads again.
        var readGeneration = -1
        /// The read under way, and the generation it began in.
        var reading: (generation: Int, task: Task<Void, any Error>)?

        /// Adds the points newer than the highest held, in order, keeping the newest ``LiveSessionHub/kept``.
        mutating func add(_ newer: [LivePoint]) {
            // Another read may have kept these already (a follower far behind reads for itself, never into the window).
            points.append(contentsOf: newer.filter { $0.sequence > highest })
            if points.count > LiveSessionHub.kept { points.removeFirst(points.count - LiveSessionHub.kept) }
            highest = max(highest, newer.last?.sequence ?? highest)
        }
    }

    /// Points kept of each followed session: a follower further behind reads the table itself.
    static let kept = 512

    /// A stream that yields whenever `session` may have new points, and every `idle` anyway, until the follower stops
    /// reading it. A session's followers share one ticker (the first follower's `idle`), which first waits a part of
    /// `idle` taken from the session's identifier: sessions followed from one moment look spread over the interval.
    func follow(_ session: UUID, lookingEvery idle: Duration) -> AsyncStream<Void> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        followers[session, default: [:]][id] = continuation
        if tickers[session] == nil {
            // Sessions look at their own moment in the interval, so that a crowd that came at once (a club watching
            // a race start) does not look, and read, all together every interval.
            let phase = idle * (Double(session.uuid.0) / 256)
            tickers[session] = Task { [weak self] in
                try? await Task.sleep(for: phase)
                while !Task.isCancelled {
                    try? await Task.sleep(for: idle)
                    await self?.wake(session)
                }
            }
        }
        continuation.onTermination = { _ in
            Task { await self.stopFollowing(session, id) }
        }
        return stream
    }

    /// The pages following sessions now.
    var followerCount: Int { followers.values.reduce(0) { $0 + $1.count } }

    /// `session` may have new points; `point`, when given, was just stored (the notification carried it, or this
    /// process stored it). When the followers' window holds every point up to the one before it, read since the
    /// newest wake, the point joins the window and the followers are answered without a read: notifications come
    /// in the order their points were committed, so no point before it can be missing. Otherwise they read.
    func wake(_ session: UUID, with point: LivePoint? = nil) {
        guard let sessionFollowers = followers[session] else { return }
        let complete = windows[session].map { $0.readGeneration >= generation(of: session) && $0.reading == nil } ?? false
        wakes[session, default: 0] += 1
        if let point, complete, var window = windows[session] {
            if point.sequence == window.highest + 1 {
                window.add([point])
                window.readGeneration = generation(of: session)
            } else if point.sequence <= window.highest {
                // Known already (this process stored it, and now hears of it): nothing new.
                window.readGeneration = generation(of: session)
            }
            windows[session] = window
        }
        for follower in sessionFollowers.values { follower.yield() }
    }

    /// `session`'s alerts changed: its followers look at them again.
    func alertsChanged(_ session: UUID) {
        alertChanges[session, default: 0] += 1
        wake(session)
    }

    /// A number that changes whenever `session`'s alerts may have.
    func alertVersion(of session: UUID) -> Int {
        alertChangesForEveryone + (alertChanges[session] ?? 0)
    }

    /// The open alerts of `session` as `read` reads them, and the alert version they are as of: read once for all
    /// of its followers since its alerts last changed (a crowd connecting at once asks once).
    func alerts(of session: UUID, read: @escaping @Sendable () async throws -> [LiveAlert]) async throws -> (version: Int, alerts: [LiveAlert]) {
        let version = alertVersion(of: session)
        guard followers[session] != nil else { return (version, try await read()) }
        if let known = alertReads[session], known.version == version {
            return (version, try await known.read.value)
        }
        let task = Task { try await read() }
        alertReads[session] = (version, task)
        do {
            return (version, try await task.value)
        } catch {
            // Failed: the next follower to ask reads again.
            if alertReads[session]?.read == task { alertReads[session] = nil }
            throw error
        }
    }

    /// A number that changes whenever `session` may have new points.
    func generation(of session: UUID) -> Int {
        wakesForEveryone + (wakes[session] ?? 0)
    }

    /// Anything may have been missed: every follower looks.
    func wakeEveryone() {
        alertChangesForEveryone += 1
        wakesForEveryone += 1
        for session in followers.values { for follower in session.values { follower.yield() } }
    }

    /// The points of `session` after `after`, in order, at most `limit`, as `read(after, limit)` reads them from the
    /// table: from the points this process read for the session's followers since its newest wake, reading (once,
    /// for everyone waiting) only when none is that recent.
    func points(of session: UUID, after: Int64, limit: Int,
                read: @escaping @Sendable (_ after: Int64, _ limit: Int) async throws -> [LivePoint]) async throws -> [LivePoint] {
        while true {
            let generation = generation(of: session)
            let window = windows[session] ?? PointWindow()
            // Further behind than what is kept: this follower reads the table itself.
            if let first = window.points.first, after < first.sequence - 1 {
                return try await read(after, limit)
            }
            if window.readGeneration >= generation {
                return Array(window.points.lazy.filter { $0.sequence > after }.prefix(limit))
            }
            if let reading = window.reading {
                // A read under way: wait for it, then see whether it is recent enough.
                _ = await reading.task.result
                // Failed, it is still marked under way: the next turn reads again (and throws what the table says).
                if windows[session]?.reading?.task == reading.task { windows[session]?.reading = nil }
                continue
            }
            let from = window.highest
            let task = Task { [weak self] in
                let points = try await read(from, Self.pageSize)
                await self?.keep(points, of: session, generation: generation)
            }
            windows[session, default: PointWindow()].reading = (generation, task)
            do {
                try await task.value
            } catch {
                windows[session]?.reading = nil
                throw error
            }
        }
    }

    /// Points read from the table at a time for a session's followers.
    static let pageSize = 1_000

    private func keep(_ points: [LivePoint], of session: UUID, generation: Int) {
        guard followers[session] != nil else { return }
        var window = windows[session] ?? PointWindow()
        window.reading = nil
        window.add(points)
        // A full page may not be all there is: the next follower to ask reads on at once.
        if points.count < Self.pageSize { window.readGeneration = max(window.readGeneration, generation) }
        windows[session] = window
    }

    /// `session` as `check` finds it for the follower `key` (an athlete, a link), asking at most once an `every` for
    /// each while it is found: a link revoked stops its followers within that time, and a session followed by many
    /// pages costs one question a look. Not found is never kept: a page opened a moment before the rider's first
    /// point finds the session as soon as it exists.
    func confirmed(_ session: UUID, for key: String, every: Duration,
                   check: @Sendable () async throws -> LiveSession?) async throws -> LiveSession? {
        let now = ContinuousClock.now
        if let known = confirmations[session]?[key], now - known.at < every { return known.session }
        let found = try await check()
        confirmations[session, default: [:]][key] = found.map { (now, $0) }
        return found
    }

    /// Takes what the database's listener hears, until it ends: a session's identifier wakes its followers, and
    /// listening (again) wakes everyone.
    func listen(to notices: AsyncStream<DatabaseNotice>) async {
        for await notice in notices {
            switch notice {
            case .listening:
                listening = true
                wakeEveryone()
            case .lost:
                listening = false
            case .payload(let text):
                if text.hasPrefix(Club.alertNoticePrefix), let session = UUID(uuidString: String(text.dropFirst(Club.alertNoticePrefix.count))) {
                    alertsChanged(session)
                } else if let notice = LivePointNotice(payload: text) {
                    wake(notice.session, with: notice.point)
                }
            }
        }
        listening = false
    }

    private func stopFollowing(_ session: UUID, _ id: UUID) {
        followers[session]?[id] = nil
        if followers[session]?.isEmpty == true {
            followers[session] = nil
            alertChanges[session] = nil
            alertReads[session] = nil
            wakes[session] = nil
            windows[session] = nil
            tickers.removeValue(forKey: session)?.cancel()
            confirmations[session] = nil
        }
    }
}
