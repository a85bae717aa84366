import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKAnchoredObjectQueryTests {
    @Test func anchorsReportAddsAndDeletesOnce() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let first = heartRateSample(60, at: 0)
        try await store.save([first, heartRateSample(61, at: 1)])
        let initial = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate)], anchor: nil).result(for: store)
        #expect(initial.addedSamples.count == 2)
        #expect(initial.deletedObjects.isEmpty)

        try await store.delete(first)
        try await store.save(heartRateSample(62, at: 2))
        let next = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate)], anchor: initial.newAnchor).result(for: store)
        #expect(next.addedSamples.map { $0.quantity.doubleValue(for: bpm) } == [62])
        #expect(next.deletedObjects.map(\.uuid) == [first.uuid])

        let none = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate)], anchor: next.newAnchor).result(for: store)
        #expect(none.addedSamples.isEmpty && none.deletedObjects.isEmpty)
        #expect(none.newAnchor == next.newAnchor)
    }

    @Test func limitPagesThroughChanges() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        try await store.save((0..<5).map { heartRateSample(Double(60 + $0), at: Double($0)) })
        var anchor: HKQueryAnchor?
        var pages: [[Double]] = []
        for _ in 0..<3 {
            let page = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate)], anchor: anchor, limit: 2).result(for: store)
            pages.append(page.addedSamples.map { $0.quantity.doubleValue(for: bpm) })
            anchor = page.newAnchor
        }
        #expect(pages == [[60, 61], [62, 63], [64]])
    }

    @Test func updateHandlerSeesLaterSaves() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate])
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let query = HKAnchoredObjectQuery(type: heartRate, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, added, _, _, _ in
            continuation.yield(added?.count ?? -1)
        }
        query.updateHandler = { _, added, _, _, _ in continuation.yield(added?.count ?? -1) }
        store.execute(query)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        try await store.save([heartRateSample(70, at: 0), heartRateSample(71, at: 1)])
        #expect(await iterator.next() == 2)
        store.stop(query)
    }

    @Test func observerQueryFiresAtStartAndOnChangesOfItsType() async throws {
        let (store, _) = try await makeAuthorizedStore([heartRate, stepCount])
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let calls = Counter()
        let query = HKObserverQuery(sampleType: heartRate, predicate: nil) { _, completion, _ in
            continuation.yield(calls.increment())
            completion()
        }
        store.execute(query)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        try await store.save(steps(5, from: 0, to: 10)) // another type: no call
        try await store.save(heartRateSample(70, at: 0))
        #expect(await iterator.next() == 2)
        store.stop(query)
        try await store.save(heartRateSample(71, at: 1))
        try await Task.sleep(for: .milliseconds(300))
        #expect(calls.value == 2, "a stopped observer query was called")
    }

    @Test func sourceQueryListsWriters() async throws {
        let (store, path) = try await makeAuthorizedStore([heartRate])
        let other = HKHealthStore(location: .file(path), source: HKSource(name: "Strap", bundleIdentifier: "com.example.strap"))
        try await other.requestAuthorization(toShare: [heartRate], read: [heartRate])
        try await store.save(heartRateSample(60, at: 0))
        try await other.save(heartRateSample(61, at: 1))
        let sources: Set<HKSource> = await firstResult { done in
            store.execute(HKSourceQuery(sampleType: heartRate, samplePredicate: nil) { _, sources, _ in done(sources ?? []) })
        }
        #expect(sources.map(\.bundleIdentifier).sorted() == ["com.example.strap", "org.openhealthkit.tests"])
    }
}

final class Counter: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int { lock.withLock { count += 1; return count } }
    var value: Int { lock.withLock { count } }
}
