import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct HKHeartbeatSeriesTests {
    @Test func beatsFromRRIntervalsReanchorAfterGaps() {
        // 0.8 s, 0.9 s, contact lost, resume 10 s after the start, 1.0 s, 0.95 s.
        let beats = HeartbeatSeries.beats(fromRRIntervals: [(0.8, 0), (0.9, 0), (nil, 10), (1.0, 0), (0.95, 0)])
        #expect(beats.map(\.time) == [0.8, 1.7000000000000002, 11, 11.95])
        #expect(beats.map(\.precededByGap) == [false, false, true, false])
    }

    @Test func hrvFromIntervals() throws {
        let intervals = [0.8, 0.82, 0.78, 0.85, 0.8]
        let mean = intervals.reduce(0, +) / 5
        let sdnn = (intervals.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 5).squareRoot()
        #expect(abs(try #require(HeartbeatSeries.sdnn(intervals)) - sdnn) < 1e-15)
        // Successive differences 0.02, −0.04, 0.07, −0.05.
        let rmssd = ((0.0004 + 0.0016 + 0.0049 + 0.0025) / 4).squareRoot()
        #expect(abs(try #require(HeartbeatSeries.rmssd(intervals)) - rmssd) < 1e-12)
        #expect(HeartbeatSeries.sdnn([0.8]) == nil)
    }

    @Test func aSeriesIsSavedAndReadBackInOrder() async throws {
        let (store, _) = try await makeAuthorizedStore([HKSeriesType.heartbeat()])
        let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: at(0))
        for beat in HeartbeatSeries.beats(fromRRIntervals: [(0.8, 0), (0.9, 0), (nil, 10), (1.0, 0)]) {
            try await builder.addHeartbeat(at: beat.time, precededByGap: beat.precededByGap)
        }
        await #expect(throws: HKError.self) { try await builder.addHeartbeat(at: 5, precededByGap: false) }
        await #expect(throws: HKError.self) { try await builder.addHeartbeat(at: -.infinity, precededByGap: false) }
        try await builder.addMetadata(["strap": "H10"])
        let series = try await builder.finishSeries()
        #expect(series.count == 3)
        #expect(series.endDate == at(11))
        await #expect(throws: HKError.self) { _ = try await builder.finishSeries() }

        let stored = try #require(try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.heartbeat())], sortDescriptors: [])
            .result(for: store).first as? HKHeartbeatSeriesSample)
        #expect(stored.count == 3)
        #expect(stored.metadata?["strap"] as? String == "H10")
        let beats: [(Double, Bool)] = await withCheckedContinuation { continuation in
            let collected = BeatList()
            store.execute(HKHeartbeatSeriesQuery(heartbeatSeries: stored) { _, time, gap, done, _ in
                collected.append((time, gap))
                if done { continuation.resume(returning: collected.all) }
            })
        }
        #expect(beats.map(\.0) == [0.8, 1.7000000000000002, 11])
        #expect(beats.map(\.1) == [false, false, true])
    }

    @Test func anEmptySeriesIsNoData() async throws {
        let (store, _) = try await makeAuthorizedStore([HKSeriesType.heartbeat()])
        do {
            _ = try await HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: at(0)).finishSeries()
            Issue.record("an empty series was saved")
        } catch HKError.errorNoData {
        }
    }
}

final class BeatList: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var items: [(Double, Bool)] = []
    func append(_ item: (Double, Bool)) { lock.withLock { items.append(item) } }
    var all: [(Double, Bool)] { lock.withLock { items } }
}
