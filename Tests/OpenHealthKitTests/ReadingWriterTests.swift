import Foundation
import Synchronization
import Testing
@testable import OpenHealthKit

@Suite(.timeLimit(.minutes(1))) struct ReadingWriterTests {
    /// A batch of `count` heart rates, the first at `second`.
    func batch(_ second: Int, count: Int = 1) -> ReadingWriter.Batch {
        ReadingWriter.Batch(samples: (0..<count).map { heartRateSample(100, at: Double(second + $0)) }, locations: [])
    }

    /// A gate a write waits at until the test opens it.
    final class Gate: Sendable {
        private let open = Mutex(false)
        func release() { open.withLock { $0 = true } }
        func pass() async { while !open.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) } }
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
        let writer = ReadingWriter { _ in
            await gate.pass()
            written.withLock { $0 += 1 }
        }
        // The write blocks on the first batch; the backlog fills up behind it.
        for second in 0..<ReadingWriter.maximumBacklog { await writer.enqueue(batch(second)) }
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
        #expect(written.withLock { $0 } == ReadingWriter.maximumBacklog + 1)
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
