import Foundation
import Testing
import TrainingMetrics

@Suite struct TrainingImpulseTests {
    @Test func anHourAtThreeQuartersOfTheReserve() throws {
        // HRr = (155 − 50) / (190 − 50) = 0.75; TRIMP = 60 × 0.75 × 0.64 × e^(1.92 × 0.75).
        let heart = [Double](repeating: 155, count: 3600)
        let male = try #require(TrainingImpulse.of(heartRate: heart, resting: 50, maximum: 190))
        #expect(abs(male - 60 * 0.75 * 0.64 * exp(1.92 * 0.75)) < 1e-9)
        let female = try #require(TrainingImpulse.of(heartRate: heart, resting: 50, maximum: 190, weighting: .female))
        #expect(abs(female - 60 * 0.75 * 0.86 * exp(1.67 * 0.75)) < 1e-9)
    }

    @Test func secondsWithoutAReadingDoNotCount() throws {
        let some = try #require(TrainingImpulse.of(heartRate: [150, 0, 150, 0], resting: 50, maximum: 190))
        let dense = try #require(TrainingImpulse.of(heartRate: [150, 150], resting: 50, maximum: 190))
        #expect(some == dense)
        #expect(TrainingImpulse.of(heartRate: [0, 0], resting: 50, maximum: 190) == nil)
        #expect(TrainingImpulse.of(heartRate: [150], resting: 190, maximum: 190) == nil)
    }
}
