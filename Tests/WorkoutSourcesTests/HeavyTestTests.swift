import Foundation
import TestSupport
import Testing

/// The bound on heavy tests: a counting semaphore that lets waiters in in order, and a trait that holds a slot for
/// the length of each test.
@Suite struct HeavyTestTests {
    /// With two slots, a third taker waits until one is given back; the slot given back goes to it, never to the pool.
    @Test(.timeLimit(.minutes(1))) func aThirdTakerWaitsForASlotGivenBack() async {
        let slots = HeavySlots(width: 2)
        await slots.take()
        await slots.take()
        let third = Task { await slots.take() }
        while await slots.waitingCount < 1 { await Task.yield() }
        await slots.give()
        await third.value
        #expect(await slots.waitingCount == 0)
        #expect(await slots.mostHeld == 2)
        // All slots are held again: a fourth taker waits too.
        let fourth = Task { await slots.take() }
        while await slots.waitingCount < 1 { await Task.yield() }
        await slots.give()
        await fourth.value
        #expect(await slots.mostHeld == 2)
    }

    /// An urgent taker (a test coming back from the browser's queue) goes ahead of those waiting to start.
    @Test(.timeLimit(.minutes(1))) func anUrgentTakerGoesFirst() async {
        let slots = HeavySlots(width: 1)
        await slots.take()
        let order = Order()
        let patient = Task { await slots.take(); await order.append("patient") }
        while await slots.waitingCount < 1 { await Task.yield() }
        let urgent = Task { await slots.take(urgent: true); await order.append("urgent") }
        while await slots.waitingCount < 2 { await Task.yield() }
        await slots.give()
        await urgent.value
        await slots.give()
        await patient.value
        #expect(await order.names == ["urgent", "patient"])
    }

    /// A test marked heavy runs holding a slot; one outside runs without.
    @Test(.heavy) func aHeavyTestHoldsASlot() {
        #expect(HeavySlots.isInHeavyTest)
    }

    @Test func aTestNotMarkedHeavyHoldsNone() {
        #expect(!HeavySlots.isInHeavyTest)
    }

    /// A heavy test lends its slot while it waits for something else, and holds one again afterwards.
    @Test(.heavy) func aSlotIsLentWhileWaiting() async throws {
        let lentWhileWaiting = await HeavySlots.lendingSlot { HeavySlots.isInHeavyTest }
        #expect(lentWhileWaiting, "the lease stays with the test while its slot is lent")
        #expect(HeavySlots.isInHeavyTest)
    }

    /// A heavy test whose time limit is shorter than a run could keep it waiting fails at once, saying what to write.
    @Test(.timeLimit(.minutes(1))) func aHeavyTestWithAShortTimeLimitIsRefusedBeforeItWaits() async throws {
        let test = try #require(Test.current)
        let ran = StopFlag()
        let error = await #expect(throws: HeavyTestError.self) {
            try await HeavyTest.heavy.provideScope(for: test, testCase: Test.Case.current) { ran.set() }
        }
        #expect(error?.description.contains(".timeLimit(.minutes(10))") == true, "\(String(describing: error))")
        #expect(!ran.isSet)
    }

    private actor Order {
        var names: [String] = []
        func append(_ name: String) { names.append(name) }
    }
}
