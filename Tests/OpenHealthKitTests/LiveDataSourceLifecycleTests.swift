import Foundation
import Testing
@testable import OpenHealthKitCore

/// The data source's lifecycle driven directly, one event at a time.
@Suite(.timeLimit(.minutes(10))) struct LiveDataSourceLifecycleTests {
    func attachment(_ builder: HKLiveWorkoutBuilder?, running: Int) -> LiveDataSourceLifecycle.Attachment {
        .init(builder: WeakReference(builder), writer: ReadingWriter { _ in }, reading: nil, running: running)
    }

    /// A task that runs until cancelled.
    func reading() -> Task<Void, Never> {
        Task { while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) } }
    }

    @Test func anIdleDataSourceHasNoBuilderWriterOrRunningSources() {
        var lifecycle = LiveDataSourceLifecycle.idle
        #expect(lifecycle.builder == nil && lifecycle.writer == nil && lifecycle.running == 0)
        let stopped = lifecycle.stop()
        #expect(stopped == nil)
        lifecycle.sourceEnded()
        #expect(lifecycle.running == 0)
    }

    @Test func readingCountsItsSourcesDownAndStoppingReturnsTheTaskToCancel() async throws {
        let store = HKHealthStore(location: .inMemory)
        let session = try HKWorkoutSession(healthStore: store, configuration: HKWorkoutConfiguration(), clock: VirtualClock(start: at(0)))
        let builder = session.associatedWorkoutBuilder()
        var lifecycle = LiveDataSourceLifecycle.idle
        let none = lifecycle.attach(attachment(builder, running: 2))
        #expect(none == nil)
        let task = reading()
        lifecycle.started(task)
        #expect(lifecycle.builder === builder && lifecycle.running == 2)
        lifecycle.sourceEnded()
        #expect(lifecycle.running == 1)
        let writer = try #require(lifecycle.writer)
        let stopped = lifecycle.stop()
        #expect(stopped == task)
        // Stopped: the builder and the writer stay for a last flush; nothing runs; the writer takes no more.
        #expect(lifecycle.builder === builder && lifecycle.writer === writer && lifecycle.running == 0)
        await writer.enqueue(ReadingWriter.Batch(samples: [heartRateSample(100, at: 0)], locations: []))
        #expect(writer.backlog == 0, "a stopped data source's writer took a batch")
        let again = lifecycle.stop()
        #expect(again == nil, "stopping twice gave a task again")
        task.cancel()
    }

    @Test func attachingAgainStopsTheEarlierReadingAndClosesItsWriter() async {
        var lifecycle = LiveDataSourceLifecycle.idle
        _ = lifecycle.attach(attachment(nil, running: 1))
        let first = reading()
        lifecycle.started(first)
        let firstWriter = lifecycle.writer
        let earlier = lifecycle.attach(attachment(nil, running: 3))
        #expect(earlier == first)
        #expect(lifecycle.running == 3 && lifecycle.writer !== firstWriter)
        await firstWriter?.enqueue(ReadingWriter.Batch(samples: [heartRateSample(100, at: 0)], locations: []))
        #expect(firstWriter?.backlog == 0, "the earlier writer still took batches")
        first.cancel()
    }

    @Test func aTaskStartedAfterTheStopIsCancelledAtOnce() async {
        var lifecycle = LiveDataSourceLifecycle.idle
        _ = lifecycle.attach(attachment(nil, running: 1))
        _ = lifecycle.stop()
        let late = reading()
        lifecycle.started(late)
        #expect(late.isCancelled)
    }
}
