import Foundation
import Synchronization

/// The bearer tokens a club server process has found good, kept so that a recorder posting a live point every two
/// seconds costs one statement, not two.
///
/// A kept token is trusted only while every revocation reaches this process: ``trust(_:)`` is set by the database's
/// listener while it listens (PostgreSQL's `LISTEN`, on which the club notifies each revocation and each account
/// removed, in the same transaction), and is never set on a database no other process notifies through (SQLite).
/// Each revocation heard forgets everything kept; a lookup begun before it keeps nothing (the generation moved on),
/// so a token revoked while it was being looked up is not kept. A kept token is looked up again after
/// ``maximumAge`` all the same (a listener cut without knowing it) and after its own expiry.
final class TokenCache: Sendable {
    /// How long a token found is kept at most.
    static let maximumAge: TimeInterval = 60
    /// How many tokens are kept at most; past that, everything is forgotten and kept anew.
    static let capacity = 10_000

    private struct Entry {
        var athlete: Athlete
        var expiresAt: Date?
        var keptAt: Date
    }

    private struct State {
        var trusted = false
        var generation = 0
        var entries: [String: Entry] = [:]
    }

    private let state = Mutex(State())

    /// A cache that trusts nothing yet.
    init() {}

    /// Where a lookup starts: pass it to ``keep(_:expiresAt:hash:at:since:)``.
    var generation: Int { state.withLock { $0.generation } }

    /// Whether tokens found are kept now.
    var isTrusted: Bool { state.withLock { $0.trusted } }

    /// The athlete of the token whose hash is `hash`, when kept, still trusted, not expired and not older than
    /// ``maximumAge`` at `now`.
    func athlete(hash: String, at now: Date) -> Athlete? {
        state.withLock { state in
            guard state.trusted, let entry = state.entries[hash] else { return nil }
            guard now.timeIntervalSince(entry.keptAt) < Self.maximumAge, entry.expiresAt.map({ $0 > now }) ?? true else {
                state.entries[hash] = nil
                return nil
            }
            return entry.athlete
        }
    }

    /// Keeps what a lookup begun at `generation` found, unless something was revoked (or trust lost) since it began.
    func keep(_ athlete: Athlete, expiresAt: Date?, hash: String, at now: Date, since generation: Int) {
        state.withLock { state in
            guard state.trusted, state.generation == generation else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[hash] = Entry(athlete: athlete, expiresAt: expiresAt, keptAt: now)
        }
    }

    /// Forgets every token kept: something was revoked, here or on another process.
    func forgetAll() {
        state.withLock { state in
            state.generation += 1
            state.entries.removeAll()
        }
    }

    /// Trusts kept tokens from now on (the listener listens, and hears every revocation) or no longer (it is away);
    /// either way everything kept before is forgotten, as revocations may have been missed.
    func trust(_ trusted: Bool) {
        state.withLock { state in
            state.trusted = trusted
            state.generation += 1
            state.entries.removeAll()
        }
    }
}
