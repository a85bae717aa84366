import Foundation
import WorkoutClub

/// Wakes a club server's followers of live sessions when their points may have grown: a session's followers when
/// PostgreSQL notifies its identifier (points stored through any server process) or this process stores one, and
/// every follower when the listener starts again after losing its connection. A wake only says "look": followers
/// read what they lack from the table by sequence, so a wake lost or repeated changes nothing but when they look.
actor LiveSessionHub {
    private var followers: [UUID: [UUID: AsyncStream<Void>.Continuation]] = [:]
    private(set) var listening = false
    /// How many times each session's alerts changed, and everyone's may have (the listener starting again): a
    /// follower reads a session's alerts again only when the sum moved.
    private var alertChanges: [UUID: Int] = [:]
    private var alertChangesForEveryone = 0

    /// A stream that yields whenever `session` may have new points, and every `idle` anyway (a wake lost on the way
    /// costs at most that), until the follower stops reading it.
    func follow(_ session: UUID, lookingEvery idle: Duration) -> AsyncStream<Void> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        followers[session, default: [:]][id] = continuation
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: idle)
                continuation.yield()
            }
        }
        continuation.onTermination = { _ in
            ticker.cancel()
            Task { await self.stopFollowing(session, id) }
        }
        return stream
    }

    /// The pages following sessions now.
    var followerCount: Int { followers.values.reduce(0) { $0 + $1.count } }

    /// `session` may have new points.
    func wake(_ session: UUID) {
        for follower in followers[session]?.values.map({ $0 }) ?? [] { follower.yield() }
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

    /// Anything may have been missed: every follower looks.
    func wakeEveryone() {
        alertChangesForEveryone += 1
        for session in followers.values { for follower in session.values { follower.yield() } }
    }

    /// Takes what the database's listener hears, until it ends: a session's identifier wakes its followers, and
    /// listening (again) wakes everyone.
    func listen(to notices: AsyncStream<DatabaseNotice>) async {
        for await notice in notices {
            switch notice {
            case .listening:
                listening = true
                wakeEveryone()
            case .payload(let text):
                if text.hasPrefix(Club.alertNoticePrefix), let session = UUID(uuidString: String(text.dropFirst(Club.alertNoticePrefix.count))) {
                    alertsChanged(session)
                } else if let session = UUID(uuidString: text) {
                    wake(session)
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
        }
    }
}
