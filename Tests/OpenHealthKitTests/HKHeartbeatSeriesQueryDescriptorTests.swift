import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKHeartbeatSeriesQueryDescriptorTests {
    @Test func beatsStreamInOrderWithTheirGaps() async throws {
        let (store, _) = try await makeAuthorizedStore([HKSeriesType.heartbeat()])
        let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: at(0))
        for beat in HeartbeatSeries.beats(fromRRIntervals: [(0.8, 0), (0.9, 0), (nil, 10), (1.0, 0)]) {
            try await builder.addHeartbeat(at: beat.time, precededByGap: beat.precededByGap)
        }
        let series = try await builder.finishSeries()
        var beats: [HKHeartbeatSeriesQueryDescriptor.Result] = []
        for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) { beats.append(beat) }
        #expect(beats.map(\.timeSinceSeriesStart) == [0.8, 1.7000000000000002, 11])
        #expect(beats.map(\.precededByGap) == [false, false, true])
    }

    @Test func aSeriesWithoutBeatsEndsWithNoData() async throws {
        let (store, _) = try await makeAuthorizedStore([HKSeriesType.heartbeat()])
        let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: at(0))
        try await builder.addHeartbeat(at: 0.8, precededByGap: false)
        let series = try await builder.finishSeries()
        try await store.delete(series)
        do {
            for try await _ in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) {}
            Issue.record("a deleted series streamed beats")
        } catch HKError.errorNoData {
        }
    }
}
