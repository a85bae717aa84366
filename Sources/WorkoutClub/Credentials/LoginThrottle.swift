public import Foundation

/// Wrong passwords counted per account name, and the names locked out for a
/// while after too many: guessing a password through the login form goes at a
/// few tries an hour instead of as fast as the server checks them.
///
/// Names are counted whether or not an account has them, so a lockout tells
/// nothing about which names exist. A lockout refuses a name before its
/// password is checked, so a locked name costs the server no PBKDF2 work.
/// Each lockout of a name lasts twice the one before, up to ``longestLockout``;
/// a right password clears the name's count.
///
/// A pure value: the time is passed in, so tests move it by hand.
public struct LoginThrottle: Sendable {
    /// Wrong passwords within ``window`` that lock a name.
    public let allowedFailures: Int
    /// How far back wrong passwords count.
    public let window: TimeInterval
    /// The first lockout's length.
    public let firstLockout: TimeInterval
    /// The longest lockout.
    public let longestLockout: TimeInterval
    /// Names followed at most; past it, names with nothing left to hold are forgotten, then those tried longest ago.
    public let capacity: Int

    private struct Record {
        var failures: [Date] = []
        var lockouts = 0
        var lockedUntil: Date?
        var lastTry: Date
    }

    private var records: [String: Record] = [:]

    /// A throttle that locks a name after `allowedFailures` wrong passwords within `window` seconds.
    public init(allowedFailures: Int = 5, window: TimeInterval = 15 * 60, firstLockout: TimeInterval = 60,
                longestLockout: TimeInterval = 60 * 60, capacity: Int = 10_000) {
        precondition(allowedFailures >= 1 && window > 0 && firstLockout > 0 && longestLockout >= firstLockout && capacity >= 1)
        self.allowedFailures = allowedFailures
        self.window = window
        self.firstLockout = firstLockout
        self.longestLockout = longestLockout
        self.capacity = capacity
    }

    /// Names followed now.
    public var count: Int { records.count }

    /// When `name` may try again, if it is locked out at `now`; nil when it may try now.
    public func lockedUntil(_ name: String, at now: Date) -> Date? {
        guard let until = records[name]?.lockedUntil, until > now else { return nil }
        return until
    }

    /// Counts a wrong password for `name` at `now`; returns when the name may try again if this locked it.
    @discardableResult
    public mutating func failed(_ name: String, at now: Date) -> Date? {
        var record = records[name] ?? Record(lastTry: now)
        record.lastTry = now
        record.failures.removeAll { now.timeIntervalSince($0) >= window }
        record.failures.append(now)
        var locked: Date?
        if record.failures.count >= allowedFailures {
            let length = min(longestLockout, firstLockout * Double(1 << min(record.lockouts, 30)))
            locked = now.addingTimeInterval(length)
            record.lockedUntil = locked
            record.lockouts += 1
            record.failures.removeAll()
        }
        records[name] = record
        if records.count > capacity { forgetOldest(at: now) }
        return locked
    }

    /// A right password for `name`: its count starts over.
    public mutating func succeeded(_ name: String) {
        records[name] = nil
    }

    /// Forgets names with nothing to remember at `now`, then, while still over nine tenths of the capacity, those tried longest ago.
    private mutating func forgetOldest(at now: Date) {
        records = records.filter { _, record in
            (record.lockedUntil.map { $0 > now } ?? false) || record.failures.contains { now.timeIntervalSince($0) < window }
                || (record.lockouts > 0 && now.timeIntervalSince(record.lastTry) < longestLockout)
        }
        // Down to nine tenths, so that a flood of new names sorts once per tenth of the capacity, not at every name.
        let keep = capacity - capacity / 10
        guard records.count > keep else { return }
        let oldest = records.sorted { $0.value.lastTry < $1.value.lastTry }.prefix(records.count - keep).map(\.key)
        for name in oldest { records[name] = nil }
    }
}
