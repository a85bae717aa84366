import Testing
@testable import OpenHealthKitCore

/// The writer's queue driven directly, event by event: batches are strings,
/// waiters are numbers, and what each event returns is who goes on.
@Suite struct WriteQueueTests {
    typealias Queue = WriteQueue<String, Int>

    @Test func batchesHandedOverDuringAWriteAreTakenTogetherInOrder() {
        var queue = Queue()
        let handedOver = queue.add("a", readings: 2)
        #expect(handedOver == (true, nil))
        guard case .write(let first, let ticket) = queue.next() else { Issue.record("nothing to write"); return }
        #expect(first == ["a"] && ticket == 1)
        // While "a" is written, three more arrive: the next write takes them all, and completes the last ticket.
        for batch in ["b", "c", "d"] { _ = queue.add(batch, readings: 1) }
        #expect(queue.unwritten == 5)
        let goOn = queue.markWritten(through: 1, readings: 2)
        #expect(goOn.isEmpty)
        guard case .write(let rest, let last) = queue.next() else { Issue.record("nothing to write"); return }
        #expect(rest == ["b", "c", "d"] && last == 4)
        #expect(queue.unwritten == 3)
        guard case .park = queue.next() else { Issue.record("an empty queue did not park the writer"); return }
    }

    @Test func aParkedWriterIsWokenByTheNextBatchAndByTheFinish() {
        var queue = Queue()
        let parked = queue.park(7)
        #expect(parked == nil)
        let handedOver2 = queue.add("a", readings: 1)
        #expect(handedOver2 == (true, 7))
        // Something is queued: parking returns the waiter to go on at once.
        let parked2 = queue.park(8)
        #expect(parked2 == 8)
        _ = queue.next()
        let parked3 = queue.park(9)
        #expect(parked3 == nil)
        let woken = queue.finish()
        #expect(woken == 9)
        guard case .stop = queue.next() else { Issue.record("a finished, empty queue did not stop the writer"); return }
    }

    @Test func aFinishedQueueStillWritesWhatWasHandedOver() {
        var queue = Queue()
        _ = queue.add("a", readings: 1)
        _ = queue.finish()
        guard case .write(let batches, _) = queue.next() else { Issue.record("the queued batch was dropped at the finish"); return }
        #expect(batches == ["a"])
        guard case .stop = queue.next() else { Issue.record("the writer did not stop"); return }
    }

    @Test func aClosedQueueRefusesBatches() {
        var queue = Queue()
        let parked4 = queue.park(1)
        #expect(parked4 == nil)
        queue.close()
        let handedOver3 = queue.add("late", readings: 5)
        #expect(handedOver3 == (false, nil))
        #expect(queue.enqueued == 0 && queue.unwritten == 0)
    }

    @Test func ticketWaitersGoOnOnceTheirBatchIsWritten() {
        var queue = Queue()
        for batch in ["a", "b", "c"] { _ = queue.add(batch, readings: 1) }
        let waiting = queue.wait(1, until: 2)
        #expect(waiting == nil)
        let waiting2 = queue.wait(2, until: 3)
        #expect(waiting2 == nil)
        let goOn2 = queue.markWritten(through: 1, readings: 1)
        #expect(goOn2.isEmpty)
        let goOn3 = queue.markWritten(through: 2, readings: 1)
        #expect(goOn3 == [1])
        let goOn4 = queue.markWritten(through: 3, readings: 1)
        #expect(goOn4 == [2])
        // Already written: no wait.
        let waiting3 = queue.wait(3, until: 3)
        #expect(waiting3 == 3)
    }

    @Test func roomWaitersGoOnOnceTheBacklogIsWithinTheirLimit() {
        var queue = Queue()
        _ = queue.add("a", readings: 6)
        _ = queue.add("b", readings: 4)
        #expect(!queue.hasRoom(within: 8))
        let waiting4 = queue.wait(1, forRoomWithin: 8)
        #expect(waiting4 == nil)
        let waiting5 = queue.wait(2, forRoomWithin: 2)
        #expect(waiting5 == nil)
        let waiting6 = queue.wait(3, forRoomWithin: 10)
        #expect(waiting6 == 3)
        // 4 left unwritten: room for the first, not yet for the second.
        let goOn5 = queue.markWritten(through: 1, readings: 6)
        #expect(goOn5 == [1])
        let goOn6 = queue.markWritten(through: 2, readings: 4)
        #expect(goOn6 == [2])
        #expect(queue.unwritten == 0)
    }
}
