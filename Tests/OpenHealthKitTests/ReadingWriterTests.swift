import Foundation
import Synchronization
import Testing
@testable import OpenHealthKitCore

@Suite(.timeLimit(.minutes(10))) struct ReadingWriterTests {
    /// A batch of `count` heart rates, the first at `second`.
    func batch(_ second: Int, count: Int = 1) -> ReadingWriter.Batch {
        ReadingWriter.Batch(samples: (0..<count).map { heartRateSample(100, at: Double(second + $0)) }, locations: [])
    }

    /// A gate a write waits at until the test opens it.
    final class Gate: Sendable {
        private let open = Mutex(false)
        private let waiting = Mutex(false)
        func release() { open.withLock { $0 = true } }
        func pass() async {
            waiting.withLock { $0 = true }
            while !open.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
        }
        /// Returns once a write waits at the gate.
        func reached() async { while !waiting.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) } }
    }

    @Test func batchesAreWrittenInOrderAndDrainWaitsForAll() async {
        let written = Mutex<[Double]>([])
        let writer = ReadingWriter { batch in
            // Uneven write times must not reorder batches.
            try? await Task.sleep(for: .microseconds(Int.random(in: 0...300)))
            written.withLock { $0 += batch.samples.map { $0.startDate.timeIntervalSince(at(0)) } }
        }
        for second in stride(from: 0, to: 200, by: 2) { await writer.enqueue(batch(second, count: 2)) }
        await writer.drain()
        #expect(written.withLock { $0 } == (0..<200).map(Double.init))
        #expect(writer.backlog == 0)
    }

    @Test func aFullBacklogMakesTheNextBatchWait() async {
        let gate = Gate()
        let written = Mutex(0)
        let writer = ReadingWriter(maximumBacklog: 6) { batch in
            await gate.pass()
            written.withLock { $0 += batch.count }
        }
        // The write blocks on the first batch; the backlog fills up behind it.
        for second in stride(from: 0, to: 6, by: 2) { await writer.enqueue(batch(second, count: 2)) }
        #expect(writer.backlog == 6)
        let returned = Mutex(false)
        let late = Task {
            await writer.enqueue(batch(100))
            returned.withLock { $0 = true }
        }
        try? await Task.sleep(for: .milliseconds(200))
        #expect(!returned.withLock { $0 }, "an enqueue returned while the backlog was full")
        #expect(written.withLock { $0 } == 0)
        gate.release()
        await late.value
        await writer.drain()
        #expect(returned.withLock { $0 })
        #expect(written.withLock { $0 } == 7)
        #expect(writer.backlog == 0)
    }

    @Test func batchesHandedOverDuringAWriteAreMergedIntoTheNextInOrder() async {
        let gate = Gate()
        let writes = Mutex<[[Double]]>([])
        let writer = ReadingWriter { batch in
            await gate.pass()
            writes.withLock { $0.append(batch.samples.map { $0.startDate.timeIntervalSince(at(0)) }) }
        }
        await writer.enqueue(batch(0))
        await gate.reached()
        for second in 1...5 { await writer.enqueue(batch(second)) }
        gate.release()
        await writer.drain()
        #expect(writes.withLock { $0 } == [[0], [1, 2, 3, 4, 5]])
    }

    @Test func derivedQuantitiesAndPositionsCountInTheBacklogAndMergeInOrder() async {
        let gate = Gate()
        let writes = Mutex<[[Double]]>([])
        let writer = ReadingWriter { batch in
            await gate.pass()
            writes.withLock { $0.append(batch.derived.map(\.value) + batch.locations.map(\.altitude)) }
        }
        func derivedBatch(_ value: Double) -> ReadingWriter.Batch {
            ReadingWriter.Batch(samples: [], derived: [DerivedQuantity(typeIndex: DerivedQuantity.activeEnergy, value: value, start: at(value), end: at(value + 1))],
                                locations: [CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48, longitude: 11), altitude: 100 + value,
                                                       horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: at(value))])
        }
        await writer.enqueue(derivedBatch(0))
        await gate.reached()
        for value in 1...3 { await writer.enqueue(derivedBatch(Double(value))) }
        #expect(writer.backlog == 8)
        gate.release()
        await writer.drain()
        #expect(writes.withLock { $0 } == [[0, 100], [1, 2, 3, 101, 102, 103]])
        #expect(writer.backlog == 0)
    }

    @Test func aClosedWriterFinishesWhatItHadAndTakesNothingMore() async {
        let gate = Gate()
        let written = Mutex<[Double]>([])
        let writer = ReadingWriter { batch in
            await gate.pass()
            written.withLock { $0 += batch.samples.map { $0.startDate.timeIntervalSince(at(0)) } }
        }
        await writer.enqueue(batch(1))
        await writer.enqueue(batch(2))
        writer.close()
        await writer.enqueue(batch(3))
        gate.release()
        await writer.drain()
        #expect(written.withLock { $0 } == [1, 2])
    }
}
