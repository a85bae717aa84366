public import Foundation

/// How wrong passwords lock a name out: guessing a password through the login form goes at a few tries an hour
/// instead of as fast as the server checks them.
///
/// The club keeps the count in its database (``Club/logIn(name:password:)``), so every server process in front of
/// one database counts the same tries: a guess sent to one instance and the next to another add up. Names are
/// counted whether or not an account has them, so a lockout tells nothing about which names exist; a lockout refuses
/// a name before its password is checked, so a locked name costs the server no PBKDF2 work. Each lockout of a name
/// lasts twice the one before, up to ``longestLockout``; a right password clears the name's count.
public struct LoginThrottle: Sendable, Hashable {
    /// Wrong passwords within ``window`` that lock a name.
    public let allowedFailures: Int
    /// How far back wrong passwords count.
    public let window: TimeInterval
    /// The first lockout's length.
    public let firstLockout: TimeInterval
    /// The longest lockout.
    public let longestLockout: TimeInterval

    /// A throttle that locks a name after `allowedFailures` wrong passwords within `window` seconds.
    public init(allowedFailures: Int = 5, window: TimeInterval = 15 * 60, firstLockout: TimeInterval = 60, longestLockout: TimeInterval = 60 * 60) {
        precondition(allowedFailures >= 1 && window > 0 && firstLockout > 0 && longestLockout >= firstLockout)
        self.allowedFailures = allowedFailures
        self.window = window
        self.firstLockout = firstLockout
        self.longestLockout = longestLockout
    }

    /// How long a name is locked out when it has been locked out `lockouts` times before: twice the time before,
    /// from ``firstLockout`` up to ``longestLockout``.
    public func lockoutLength(afterLockouts lockouts: Int) -> TimeInterval {
        min(longestLockout, firstLockout * Double(1 << min(max(lockouts, 0), 30)))
    }

    /// The lengths of the lockouts before the longest is reached, in order: the first, twice it, … (the longest
    /// follows for ever after).
    public var growingLengths: [TimeInterval] {
        var lengths: [TimeInterval] = []
        while lengths.count < 31, lockoutLength(afterLockouts: lengths.count) < longestLockout { lengths.append(lockoutLength(afterLockouts: lengths.count)) }
        return lengths
    }
}
