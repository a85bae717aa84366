public import Foundation
public import OpenHealthKitCore
import Synchronization

/// A clock that runs on a GPS receiver's time when the system clock disagrees
/// with it, as gpsd's own time service sets a machine's clock from its fixes.
///
/// A Raspberry Pi without a real-time clock starts with a wrong date until
/// NTP or GPS sets it, and a receiver's log replayed through `gpsfake`
/// carries the day it was recorded: either way the fixes' times and the
/// system clock disagree, and a workout timed by the system clock would place
/// every position outside itself. Give this clock to the session, the builder
/// and every source, and hand it each fix's time (``follow(_:)``; a
/// ``GPSDSource`` made with it as its `timeReference` does):
///
/// - While no fix has been seen, or when the first fix agrees with the system
///   clock within ``tolerance``, it reads the system clock.
/// - When the first fix disagrees, it steps to the receiver's time once and
///   reports the step (``takeSteps()``); from then on it follows the fixes:
///   it moves forward to a fix time that is ahead of it, and never backward.
/// - It never goes back on a date it has given: a receiver behind the system
///   clock whose first fix arrives after the clock was read (a workout already
///   started) is reported as a step that could not be taken
///   (``Step/taken`` is `false`), and the clock stays on the system's time.
///   So learn the receiver's time before starting (``GPSDSource/firstFixTime(timeout:)``).
///
/// ```swift
/// let clock = ReceiverClock()
/// let gps = try GPSDSource(address: "localhost:2947", clock: clock, timeReference: clock)
/// let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
/// ```
public final class ReceiverClock: WorkoutClock {
    /// A step from the system clock to the receiver's time.
    public struct Step: Sendable, Hashable, CustomStringConvertible {
        /// The receiver's time of the fix that caused the step.
        public var receiverTime: Date
        /// The system clock when that fix arrived.
        public var systemTime: Date
        /// Whether the clock stepped; `false` for a receiver behind a clock that had already been read.
        public var taken: Bool

        /// Seconds the receiver's time is ahead of the system clock (negative when behind).
        public var offset: TimeInterval { receiverTime.timeIntervalSince(systemTime) }

        /// For a person: both times and how far apart they are.
        public var description: String {
            let apart = abs(offset)
            let amount = apart >= 86_400 ? String(format: "%.1f days", apart / 86_400)
                : apart >= 3600 ? String(format: "%.1f hours", apart / 3600) : String(format: "%.0f s", apart)
            let times = "the receiver's clock says \(receiverTime.formatted(.iso8601)) and the system clock \(systemTime.formatted(.iso8601)) "
                + "(the system clock is \(amount) \(offset > 0 ? "behind" : "ahead"))"
            return taken ? times + ": the workout runs on the receiver's time"
                : times + ", and the workout started before the receiver's first fix: its positions fall before the workout; finish and start again once the receiver has a fix"
        }
    }

    private struct State {
        var offset: TimeInterval = 0
        var following = false
        var synchronized = false
        var latest = Date.distantPast
        var steps: [Step] = []
    }

    private let base: any WorkoutClock
    private let state = Mutex(State())

    /// How far a fix's time may be from the system clock before the clock
    /// follows the receiver: 2 s, above a fix's usual delivery delay.
    public let tolerance: TimeInterval

    /// A clock over `base` (the system clock by default).
    public init(base: any WorkoutClock = SystemClock(), tolerance: TimeInterval = 2) {
        self.base = base
        self.tolerance = tolerance
    }

    /// The current date: the system's, or the receiver's once it disagreed.
    public var now: Date {
        let baseNow = base.now
        return state.withLock { s in
            let date = max(s.latest, baseNow.addingTimeInterval(s.offset))
            s.latest = date
            return date
        }
    }

    /// Whether the clock runs on the receiver's time.
    public var isFollowingReceiver: Bool { state.withLock { $0.following } }

    /// Whether a fix time has been seen.
    public var isSynchronized: Bool { state.withLock { $0.synchronized } }

    /// Takes a fix's time into account.
    ///
    /// - Returns: the step, when this fix made the clock leave the system's time.
    @discardableResult
    public func follow(_ receiverTime: Date) -> Step? {
        let baseNow = base.now
        return state.withLock { s -> Step? in
            let ahead = receiverTime.timeIntervalSince(baseNow)
            if !s.synchronized {
                s.synchronized = true
                guard abs(ahead) > tolerance else { return nil }
                // Backward only before the clock was read: a date given out is never taken back.
                let taken = ahead > 0 || s.latest == .distantPast
                let step = Step(receiverTime: receiverTime, systemTime: baseNow, taken: taken)
                s.steps.append(step)
                guard taken else { return step }
                s.following = true
                s.offset = ahead
                s.latest = receiverTime
                return step
            }
            // A fix ahead of the clock moves it forward; one behind (delivered late) leaves it.
            if s.following, ahead > s.offset { s.offset = ahead }
            return nil
        }
    }

    /// The steps since the last call, for a recorder to report once each.
    public func takeSteps() -> [Step] {
        state.withLock { s in
            defer { s.steps = [] }
            return s.steps
        }
    }
}
