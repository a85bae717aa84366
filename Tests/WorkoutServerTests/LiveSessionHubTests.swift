import Foundation
import Synchronization
import Testing
@testable import WorkoutClub
@testable import WorkoutServer

/// The hub driven directly, on a table in memory whose reads the tests count and hold: many followers of a session
/// share one read a wake, and none is ever answered by a read older than its wake.
@Suite(.timeLimit(.minutes(10))) struct LiveSessionHubTests {
    /// A session's points as the table holds them, each read counted; a read may be held until the test lets it go,
    /// answering with what the table held when it began.
    final class Table: Sendable {
        private let points = Mutex<[LivePoint]>([])
        private let readCount = Atomic<Int>(0)
        private let failures = Atomic<Int>(0)
        private let gate = Mutex<(held: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
        let started: AsyncStream<Void>
        private let startedContinuation: AsyncStream<Void>.Continuation

        init(count: Int) {
            (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
            add(count)
        }

        func add(_ count: Int, ended: Bool = false) {
            points.withLock { points in
                let first = (points.last?.sequence ?? 0) + 1
                points += (0..<Int64(count)).map { LivePoint(sequence: first + $0, body: "{\"n\":\(first + $0)}") }
                if ended { for index in points.indices { points[index].sessionEnded = true } }
            }
        }

        var reads: Int { readCount.load(ordering: .relaxed) }

        /// The next `count` reads throw.
        func fail(_ count: Int) { failures.store(count, ordering: .relaxed) }

        /// Reads wait until ``release()``.
        func hold() { gate.withLock { $0.held = true } }

        func release() {
            let waiting = gate.withLock { gate in
                gate.held = false
                defer { gate.waiting = [] }
                return gate.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        func read(after: Int64, limit: Int) async throws -> [LivePoint] {
            readCount.add(1, ordering: .relaxed)
            let snapshot = points.withLock { Array($0.filter { $0.sequence > after }.prefix(limit)) }
            startedContinuation.yield()
            await withCheckedContinuation { continuation in
                let held = gate.withLock { gate in
                    if gate.held { gate.waiting.append(continuation) }
                    return gate.held
                }
                if !held { continuation.resume() }
            }
            if failures.load(ordering: .relaxed) > 0 {
                failures.subtract(1, ordering: .relaxed)
                throw TableError()
            }
            return snapshot
        }
    }

    struct TableError: Error {}

    static let session = UUID()

    /// A hub with `followers` following the session (looking on their own only once an hour).
    static func hub(followers: Int) async -> (LiveSessionHub, [AsyncStream<Void>]) {
        let hub = LiveSessionHub()
        var streams: [AsyncStream<Void>] = []
        for _ in 0..<followers { streams.append(await hub.follow(session, lookingEvery: .seconds(3_600))) }
        return (hub, streams)
    }

    /// A follower's read from the start, begun and held (answering with what the table holds now) until the test
    /// releases it.
    static func heldRead(_ table: Table, _ hub: LiveSessionHub) async -> Task<[Int64], any Error> {
        table.hold()
        let read = Task { try await hub.points(of: session, after: 0, limit: 1_000, read: table.read).map(\.sequence) }
        var started = table.started.makeAsyncIterator()
        _ = await started.next()
        return read
    }

    @Test func fiftyFollowersWokenOnceShareOneRead() async throws {
        let table = Table(count: 3)
        let (hub, streams) = await Self.hub(followers: 50)
        await hub.wake(Self.session)
        let answers = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<50 {
                group.addTask { try await hub.points(of: Self.session, after: 0, limit: 1_000, read: table.read).map(\.sequence) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 50 && answers.allSatisfy { $0 == [1, 2, 3] }, "\(answers)")
        #expect(table.reads == 1)
        // Asked again with nothing new: no read. A new point and a wake: one more read, for everyone.
        #expect(try await hub.points(of: Self.session, after: 3, limit: 1_000, read: table.read).isEmpty)
        #expect(table.reads == 1)
        table.add(1)
        await hub.wake(Self.session)
        for after in [Int64(0), 2, 3] {
            #expect(try await hub.points(of: Self.session, after: after, limit: 1_000, read: table.read).map(\.sequence).last == 4)
        }
        #expect(table.reads == 2)
        _ = streams
    }

    @Test func aReadBegunBeforeAWakeNeverAnswersAFollowerWokenAfterIt() async throws {
        let table = Table(count: 3)
        let (hub, streams) = await Self.hub(followers: 2)
        await hub.wake(Self.session)
        let first = await Self.heldRead(table, hub)
        // The read has begun (it holds points 1…3); point 4 is stored and its wake comes before the read ends.
        table.add(1)
        await hub.wake(Self.session)
        let second = Task { try await hub.points(of: Self.session, after: 0, limit: 1_000, read: table.read).map(\.sequence) }
        table.release()
        // The first follower, woken before point 4, may get it too (its turn ends after the newer wake); the second,
        // woken for point 4, must: the read held since before its wake does not answer it, one more read does.
        #expect(try await first.value.prefix(3) == [1, 2, 3])
        #expect(try await second.value == [1, 2, 3, 4], "the follower woken for point 4 got it")
        #expect(table.reads == 2, "one more read, shared by both")
        _ = streams
    }

    @Test func aPointTheNotificationCarriesIsPassedOnWithoutAReadWhenNothingBeforeItIsMissing() async throws {
        let table = Table(count: 3)
        let (hub, streams) = await Self.hub(followers: 4)
        await hub.wake(Self.session)
        #expect(try await hub.points(of: Self.session, after: 0, limit: 1_000, read: table.read).map(\.sequence) == [1, 2, 3])
        // Point 4 follows point 3: its notice is enough, for every follower.
        table.add(1)
        await hub.wake(Self.session, with: LivePoint(sequence: 4, body: "{\"n\":4}"))
        for _ in 0..<4 {
            #expect(try await hub.points(of: Self.session, after: 3, limit: 1_000, read: table.read) == [LivePoint(sequence: 4, body: "{\"n\":4}")])
        }
        #expect(table.reads == 1)
        // Heard again (this process stored it, then its notification came): nothing new, no read.
        await hub.wake(Self.session, with: LivePoint(sequence: 4, body: "{\"n\":4}"))
        #expect(try await hub.points(of: Self.session, after: 4, limit: 1_000, read: table.read).isEmpty)
        #expect(table.reads == 1)
        // Point 6's notice while point 5's was not heard (too long to carry, or lost): the table is read.
        table.add(2)
        await hub.wake(Self.session, with: LivePoint(sequence: 6, body: "{\"n\":6}"))
        #expect(try await hub.points(of: Self.session, after: 4, limit: 1_000, read: table.read).map(\.sequence) == [5, 6])
        #expect(table.reads == 2)
        // The last point ends the session for its followers; an idle look (a wake with no point) reads again.
        table.add(1, ended: true)
        await hub.wake(Self.session, with: LivePoint(sequence: 7, body: "{}", sessionEnded: true))
        #expect(try await hub.points(of: Self.session, after: 6, limit: 1_000, read: table.read).map(\.sessionEnded) == [true])
        #expect(table.reads == 2)
        await hub.wake(Self.session)
        #expect(try await hub.points(of: Self.session, after: 7, limit: 1_000, read: table.read).isEmpty)
        #expect(table.reads == 3)
        _ = streams
    }

    @Test func aNotifiedPointNeverJoinsAWindowWhoseReadIsUnderWay() async throws {
        let table = Table(count: 3)
        let (hub, streams) = await Self.hub(followers: 2)
        await hub.wake(Self.session)
        let first = await Self.heldRead(table, hub)
        // Points 4 and 5 stored while the read (holding 1…3) is under way; only point 5's notice is heard.
        table.add(2)
        await hub.wake(Self.session, with: LivePoint(sequence: 5, body: "{\"n\":5}"))
        let second = Task { try await hub.points(of: Self.session, after: 0, limit: 1_000, read: table.read).map(\.sequence) }
        table.release()
        #expect(try await first.value.prefix(3) == [1, 2, 3])
        #expect(try await second.value == [1, 2, 3, 4, 5], "point 4 is not skipped")
        #expect(table.reads == 2)
        _ = streams
    }

    @Test func aFollowerFarBehindReadsTheTableItself() async throws {
        let table = Table(count: 600)
        let (hub, streams) = await Self.hub(followers: 1)
        await hub.wake(Self.session)
        let newest = try await hub.points(of: Self.session, after: 590, limit: 1_000, read: table.read)
        #expect(newest.map(\.sequence) == Array(591...600))
        // The hub keeps the newest 512: from the start, the follower is answered by a read of its own, all 600.
        let all = try await hub.points(of: Self.session, after: 0, limit: 1_000, read: table.read)
        #expect(all.map(\.sequence) == Array(1...600))
        #expect(table.reads == 2)
        _ = streams
    }

    @Test func aFullPageIsReadOnAtOnceAndTheEndComesWithTheLastPoint() async throws {
        let table = Table(count: 1_000 + 20)
        let (hub, streams) = await Self.hub(followers: 1)
        await hub.wake(Self.session)
        var last: Int64 = 0
        var seen: [Int64] = []
        repeat {
            let points = try await hub.points(of: Self.session, after: last, limit: 1_000, read: table.read)
            seen += points.map(\.sequence)
            last = points.last?.sequence ?? last
            if points.isEmpty { break }
        } while true
        #expect(seen == Array(1...1_020), "every point once, in order")
        table.add(1, ended: true)
        await hub.wake(Self.session)
        let end = try await hub.points(of: Self.session, after: last, limit: 1_000, read: table.read)
        #expect(end.map(\.sequence) == [1_021] && end.last?.sessionEnded == true)
        _ = streams
    }

    @Test func aFailedReadIsThrownAndTheNextLookReadsAgain() async throws {
        let table = Table(count: 2)
        let (hub, streams) = await Self.hub(followers: 1)
        await hub.wake(Self.session)
        table.fail(1)
        await #expect(throws: TableError.self) { try await hub.points(of: Self.session, after: 0, limit: 1_000, read: table.read) }
        #expect(try await hub.points(of: Self.session, after: 0, limit: 1_000, read: table.read).map(\.sequence) == [1, 2])
        #expect(table.reads == 2)
        _ = streams
    }

    @Test func whetherAFollowerMayStillFollowIsAskedOnceALook() async throws {
        let (hub, streams) = await Self.hub(followers: 1)
        let asked = Atomic<Int>(0)
        let session = LiveSession(id: Self.session, athleteID: 1, startedAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0), endedAt: nil)
        let check: @Sendable () async throws -> LiveSession? = {
            asked.add(1, ordering: .relaxed)
            return session
        }
        for _ in 0..<20 { #expect(try await hub.confirmed(Self.session, for: "link:a", every: .seconds(3_600), check: check) == session) }
        #expect(asked.load(ordering: .relaxed) == 1)
        _ = try await hub.confirmed(Self.session, for: "link:b", every: .seconds(3_600), check: check)
        #expect(asked.load(ordering: .relaxed) == 2, "another follower key asks for itself")
        _ = try await hub.confirmed(Self.session, for: "link:a", every: .zero, check: check)
        #expect(asked.load(ordering: .relaxed) == 3, "once the look has passed, it asks again")
        // Not found is never kept: asked again at once, it is found as soon as it exists.
        let missing: @Sendable () async throws -> LiveSession? = {
            asked.add(1, ordering: .relaxed)
            return nil
        }
        #expect(try await hub.confirmed(Self.session, for: "link:c", every: .seconds(3_600), check: missing) == nil)
        #expect(try await hub.confirmed(Self.session, for: "link:c", every: .seconds(3_600), check: check) == session)
        #expect(asked.load(ordering: .relaxed) == 5)
        _ = streams
    }
}
