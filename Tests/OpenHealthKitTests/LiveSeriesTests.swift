import Foundation
import Testing
@testable import OpenHealthKitCore

/// How a live workout's written readings grow into quantity series.
@Suite(.timeLimit(.minutes(10))) struct LiveSeriesTests {
    let heartRate = HKQuantityType(.heartRate)
    let bpm = HKUnit(from: "count/min")

    /// Plans and commits one write of `samples`, as the writer does after a successful save.
    func write(_ series: inout LiveSeries, _ samples: [HKSample]) -> LiveSeries.Plan {
        let plan = series.plan(type: heartRate, samples: samples, derived: [])
        series.commit(plan)
        return plan
    }

    /// One reading a write, as a 1 Hz strap is written: one series grows,
    /// each write replacing only its last partial chunk.
    @Test func readingsWrittenOneAtATimeGrowOneSeries() throws {
        var series = LiveSeries()
        var uuids: Set<UUID> = []
        for second in 0..<1100 {
            let plan = write(&series, [heartRateSample(Double(100 + second % 60), at: Double(second))])
            let grown = try #require(plan.series.first)
            #expect(plan.series.count == 1 && plan.samples.isEmpty)
            uuids.insert(grown.sample.uuid)
            #expect(grown.sample.count == second + 1)
            // The first value has no chunk; then the tail's chunk is replaced until 512 values fill it.
            let size = QuantitySeriesChunks.valuesPerChunk
            let expected: Double? = second < 2 || second % size == 0 ? nil : at(Double(second - second % size)).timeIntervalSince1970
            #expect(grown.replacingChunksFrom == expected, "write \(second)")
        }
        #expect(uuids.count == 1)
    }

    /// A reading with metadata is a sample of its own; one out of order or
    /// in another unit closes the series and starts the next.
    @Test func whatASeriesCannotTakeStartsAnotherOrStandsAlone() throws {
        var series = LiveSeries()
        _ = write(&series, [heartRateSample(100, at: 0), heartRateSample(101, at: 1)])
        let marked = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 102), start: at(2), end: at(2),
                                      metadata: [HKMetadataKeyWasUserEntered: true])
        let plan = write(&series, [marked, heartRateSample(103, at: 3)])
        #expect(plan.samples.map(\.uuid) == [marked.uuid])
        #expect(plan.series.map(\.sample.count) == [3])
        let late = write(&series, [heartRateSample(99, at: 1.5)])
        #expect(late.series.map(\.sample.count) == [1], "out of order: a new series")
        #expect(late.series.first?.replacingChunksFrom == nil)
        let hertz = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: .count().unitDivided(by: .second()), doubleValue: 2), start: at(4), end: at(4))
        let other = write(&series, [hertz, heartRateSample(121, at: 5)])
        #expect(other.series.map(\.sample.count) == [1, 1], "another unit closes the series, and the next reading starts another")
    }

    /// A live workout written one reading a second keeps one heart-rate series in
    /// the store, which reads back value for value, with its statistics.
    @Test func aLiveWorkoutWrittenEachSecondIsOneSeriesInTheStore() async throws {
        let (store, session, builder, dataSource, writeClock) = try await indoorRunOnWriteClock()
        let values = (1...1200).map { Double(90 + ($0 * 7) % 80) }
        for (index, value) in values.enumerated() {
            writeClock.advance(by: 1)
            await dataSource.deliver([.quantity(heartRateSample(value, at: Double(index + 1)))], from: "test")
            await dataSource.waitForWrites()
        }
        try await builder.endCollection(at: at(1201))
        let workout = try #require(try await builder.finishWorkout())
        session.end()
        let saved = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate, predicate: HKQuery.predicateForObjects(from: workout))],
                                                      sortDescriptors: []).result(for: store)
        #expect(saved.count == 1)
        #expect(saved.first?.count == 1200)
        var read: [HKQuantitySeriesSampleQueryDescriptor.Result] = []
        for try await entry in HKQuantitySeriesSampleQueryDescriptor(predicate: .quantitySample(type: heartRate)).results(for: store) { read.append(entry) }
        #expect(read.map { $0.quantity.doubleValue(for: bpm) } == values)
        #expect(read.map(\.dateInterval.start) == (1...1200).map { at(Double($0)) })
        let statistics = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: heartRate), options: [.discreteAverage, .discreteMax])
            .result(for: store)
        // Stored per second (heart rate's canonical unit) and averaged there: equal up to rounding.
        #expect(abs(try #require(statistics?.averageQuantity()).doubleValue(for: bpm) - values.reduce(0, +) / 1200) < 1e-9)
        #expect(statistics?.maximumQuantity()?.doubleValue(for: bpm) == values.max())
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")
    }
}
