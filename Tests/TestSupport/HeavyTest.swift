import Foundation
public import Testing

/// A test that starts daemons, servers, a browser or database work of its own: it runs only while it holds one of the
/// run's heavy slots, so that the hundreds of tests Swift Testing starts at once do not all spawn at once.
///
/// Put it on a suite (every test in it takes a slot) or on one test:
///
/// ```swift
/// @Suite(.heavy, .timeLimit(.minutes(10))) struct RecordCommandTests { … }
/// ```
///
/// The run has ``HeavySlots/width`` slots, shared by every suite of every test target in the process: four per core
/// (most heavy tests wait on their daemons rather than compute), or `OPENHEALTHKIT_TEST_HEAVY_WIDTH`. A test nested in
/// a heavy suite and marked heavy again takes one slot, not two. A test that waits for the one browser
/// (``Browser/run(_:)``) lends its slot back while it waits. Swift Testing's time limit counts the wait for a slot, so a
/// heavy test's limit is ten minutes or more (``shortestTimeLimit``): a shorter one fails the test before it runs.
public struct HeavyTest: TestTrait, SuiteTrait, TestScoping {
    /// Every test of a heavy suite, however deeply nested, is heavy.
    public var isRecursive: Bool { true }

    /// The shortest time limit a heavy test may have: its wait for a slot counts against it.
    public static let shortestTimeLimit = Duration.seconds(600)

    /// Runs `function` while holding a heavy slot (or the slot the enclosing heavy scope holds).
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void) async throws {
        guard testCase != nil, HeavySlots.lease == nil else {
            try await function()
            return
        }
        // Swift Testing's time limit counts the wait for a slot: one shorter than a whole run fails by the luck of the queue.
        if let limit = test.timeLimit, limit < Self.shortestTimeLimit {
            throw HeavyTestError(description: "\(test.name) is heavy but has a time limit of \(limit): a heavy test's limit also counts its wait "
                                 + "for one of the run's slots, which can be most of a run; give it .timeLimit(.minutes(10)) or more")
        }
        let lease = HeavySlots.Lease()
        await HeavySlots.shared.take()
        do {
            try await HeavySlots.$lease.withValue(lease) { try await function() }
        } catch {
            await HeavySlots.shared.give()
            throw error
        }
        await HeavySlots.shared.give()
    }
}

/// A heavy test's traits cannot hold: what is wrong and what to write instead.
public struct HeavyTestError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public let description: String
}

extension Trait where Self == HeavyTest {
    /// The test starts daemons, servers, a browser or database work of its own: see ``HeavyTest``.
    public static var heavy: Self { HeavyTest() }
}

/// The run's heavy slots: a counting semaphore that lets waiting tests in in order of arrival.
public actor HeavySlots {
    /// The slots of this test process.
    public static let shared = HeavySlots(width: width)

    /// How many heavy tests run at once: `OPENHEALTHKIT_TEST_HEAVY_WIDTH`, or four per core.
    public static var width: Int {
        if let text = ProcessInfo.processInfo.environment["OPENHEALTHKIT_TEST_HEAVY_WIDTH"], let width = Int(text), width > 0 {
            return width
        }
        return 4 * max(ProcessInfo.processInfo.activeProcessorCount, 1)
    }

    /// The slot a heavy test's task (and its child tasks) holds.
    @TaskLocal static var lease: Lease?

    /// Whether the calling task runs in a heavy test (and so holds, or has lent, one of the run's slots).
    public static var isInHeavyTest: Bool { lease != nil }

    /// One heavy test's hold on its slot; counts how many of its tasks lent the slot back while waiting.
    final class Lease: Sendable {}

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var lent: [ObjectIdentifier: Int] = [:]
    /// The most slots ever held at once.
    public private(set) var mostHeld = 0
    /// How many takers wait for a slot now.
    public var waitingCount: Int { waiting.count }
    private let capacity: Int

    /// A semaphore of `width` slots.
    public init(width: Int) {
        capacity = width
        free = width
    }

    /// Waits for a slot (first in line when `urgent`) and takes it.
    public func take(urgent: Bool = false) async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { continuation in
                if urgent { waiting.insert(continuation, at: 0) } else { waiting.append(continuation) }
            }
        }
        mostHeld = max(mostHeld, capacity - free)
    }

    /// Gives a slot back: to the first waiting test, or to the pool.
    public func give() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }

    /// Runs `wait` (a wait for something else, like the one browser) with the calling heavy test's slot lent back, and
    /// takes a slot again, ahead of tests that have not started, before returning. Outside a heavy test it only waits.
    public static func lendingSlot<T: Sendable>(while wait: @Sendable () async throws -> T) async rethrows -> T {
        guard let lease else { return try await wait() }
        await shared.lend(lease)
        do {
            let result = try await wait()
            await shared.reclaim(lease)
            return result
        } catch {
            await shared.reclaim(lease)
            throw error
        }
    }

    private func lend(_ lease: Lease) {
        let key = ObjectIdentifier(lease)
        lent[key, default: 0] += 1
        if lent[key] == 1 { give() }
    }

    private func reclaim(_ lease: Lease) async {
        let key = ObjectIdentifier(lease)
        lent[key, default: 1] -= 1
        if lent[key] == 0 {
            lent[key] = nil
            await take(urgent: true)
        }
    }
}
