import Foundation
import Testing
import OpenHealthKit
import WorkoutSources
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct ScenarioSourceTests {
    @Test func theScenarioSchemePlaysSensorsInTime() async throws {
        ScenarioSource.register()
        let file = Scratch.url("source", extension: "yaml")
        try """
            activity: running
            location: indoor
            timeline:
              - start
              - move: {duration: 20s, speed: 3}
            """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let sources = try WorkoutSourceRegistry.sources(for: WorkoutSourceSpecification.list("scenario:\(file.path)?speed=200"))
        let source = try #require(sources.first as? ScenarioSource)
        #expect(source.speed == 200)
        let clock = VirtualClock(start: Date(timeIntervalSince1970: 2_000_000_000))
        var heartRates: [Date] = []
        for try await reading in ScenarioSource(scenario: source.scenario, speed: 200, clock: clock).readings() {
            if case .quantity(let sample) = reading, sample.quantityType == HKQuantityType(.heartRate) { heartRates.append(sample.startDate) }
        }
        #expect(heartRates.count == 20)
        #expect(heartRates.first == clock.now.addingTimeInterval(1))
        #expect(throws: WorkoutSourceError.self) { try WorkoutSourceRegistry.sources(for: WorkoutSourceSpecification.list("scenario:\(file.path)?speed=0")) }
    }
}
