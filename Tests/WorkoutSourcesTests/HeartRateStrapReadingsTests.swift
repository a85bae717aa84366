import Foundation
import OpenHealthKit
import Testing
import WorkoutSources
import GATT
import SensorBridge

@Suite struct HeartRateStrapReadingsTests {
    let start = Date(timeIntervalSince1970: 1_760_000_000)
    let bpm = HKUnit(from: "count/min")

    func beats(_ readings: [WorkoutReading]) -> [(interval: TimeInterval, date: Date)] {
        readings.compactMap { if case .heartbeat(let interval, let date) = $0 { (interval, date) } else { nil } }
    }

    func heartRates(_ readings: [WorkoutReading]) -> [Double] {
        readings.compactMap { reading in
            if case .quantity(let sample) = reading, sample.quantityType == HKQuantityType(.heartRate) { sample.quantity.doubleValue(for: bpm) } else { nil }
        }
    }

    func statuses(_ readings: [WorkoutReading]) -> [WorkoutSourceStatus.Kind] {
        readings.compactMap { if case .status(let status) = $0 { status.kind } else { nil } }
    }

    @Test func beatsAreTimedByTheRRSumNotByArrival() {
        var strap = HeartRateStrapReadings(sourceName: "hrm:test")
        // 1024/1024 s beats; notifications arrive late by a varying delay (USB, scheduling).
        var all: [(interval: TimeInterval, date: Date)] = []
        let delays = [0.30, 0.05, 0.20, 0.10, 0.40]
        for (index, delay) in delays.enumerated() {
            let arrival = start.addingTimeInterval(Double(index + 1) + delay)
            all += beats(strap.readings(for: HeartRateMeasurement(beatsPerMinute: 60, contact: .detected, rrIntervals: [1024]), at: arrival))
        }
        #expect(all.count == 5)
        // Spacing equals the RR intervals once the smallest delay has been seen.
        for pair in zip(all.dropFirst(2), all.dropFirst(3)) { #expect(abs(pair.1.date.timeIntervalSince(pair.0.date) - 1) < 1e-9) }
        // No beat is later than the notification that carried it.
        for (index, beat) in all.enumerated() { #expect(beat.date <= start.addingTimeInterval(Double(index + 1) + delays[index])) }
        #expect(all.allSatisfy { $0.interval == 1 })
    }

    @Test func lostBeatsReanchorTheTimeline() {
        var strap = HeartRateStrapReadings(sourceName: "hrm:test")
        let first = beats(strap.readings(for: HeartRateMeasurement(beatsPerMinute: 60, rrIntervals: [1024, 1024]), at: start.addingTimeInterval(2)))
        // Ten seconds of notifications lost; the next carries one beat.
        let later = beats(strap.readings(for: HeartRateMeasurement(beatsPerMinute: 60, rrIntervals: [1024]), at: start.addingTimeInterval(12)))
        #expect(first.map(\.date) == [start.addingTimeInterval(1), start.addingTimeInterval(2)])
        #expect(later.map(\.date) == [start.addingTimeInterval(12)])
    }

    @Test func contactLossLeavesReadingsOutAndReportsBothTransitions() {
        var strap = HeartRateStrapReadings(sourceName: "hrm:test")
        var readings: [WorkoutReading] = []
        readings += strap.readings(for: HeartRateMeasurement(beatsPerMinute: 70, contact: .detected, rrIntervals: [870]), at: start)
        readings += strap.readings(for: HeartRateMeasurement(beatsPerMinute: 70, contact: .notDetected, rrIntervals: [857, 856]), at: start + 1)
        readings += strap.readings(for: HeartRateMeasurement(beatsPerMinute: 0, contact: .notDetected), at: start + 2)
        readings += strap.readings(for: HeartRateMeasurement(beatsPerMinute: 72, contact: .detected, rrIntervals: [850]), at: start + 3)
        readings += strap.readings(for: HeartRateMeasurement(beatsPerMinute: 0, contact: .detected), at: start + 4)
        #expect(heartRates(readings) == [70, 72])
        #expect(beats(readings).count == 2)
        #expect(statuses(readings) == [.contactLost, .contactRestored])
    }

    @Test func energyCountsIncreasesResetsAndStopsAtSaturation() {
        var strap = HeartRateStrapReadings(sourceName: "hrm:test")
        func energy(_ kilojoules: UInt16, at seconds: Double) -> [Double] {
            strap.readings(for: HeartRateMeasurement(beatsPerMinute: 120, energyExpended: kilojoules), at: start + seconds).compactMap { reading in
                if case .quantity(let sample) = reading, sample.quantityType == HKQuantityType(.activeEnergyBurned) {
                    (sample.quantity.doubleValue(for: .kilocalorie()) * 4.184 * 1000).rounded() / 1000
                } else { nil }
            }
        }
        #expect(energy(100, at: 0) == [])       // the first value anchors
        #expect(energy(100, at: 1) == [])
        #expect(energy(104, at: 2) == [4])
        #expect(energy(3, at: 3) == [3])         // the strap was reset
        #expect(energy(65535, at: 4) == [65532])
        #expect(energy(65535, at: 5) == [])      // saturated: nothing more until reset
    }

    @Test func hrm1FramesAreDatedByTheBridgeClock() {
        var strap = HeartRateStrapReadings(sourceName: "hrm:test")
        func date(_ milliseconds: UInt64, arrival: Double) -> TimeInterval {
            strap.date(of: StrapFrameDecoder.Frame(content: .link(up: true), bridgeMilliseconds: milliseconds), arrival: start + arrival).timeIntervalSince(start)
        }
        #expect(date(10_000, arrival: 0.5) == 0.5)
        // Arriving 0.2 s sooner relative to the bridge: the mapping moves back once and for all.
        #expect(abs(date(11_000, arrival: 1.3) - 1.3) < 1e-6)
        // A late arrival (a USB hiccup) keeps the bridge's time.
        #expect(abs(date(12_000, arrival: 3.9) - 2.3) < 1e-6)
        // The bridge's clock went back: it restarted, so the mapping starts again.
        #expect(abs(date(500, arrival: 5) - 5) < 1e-6)
        // Frames without a bridge time are dated on arrival.
        #expect(strap.date(of: StrapFrameDecoder.Frame(content: .link(up: true)), arrival: start + 7) == start + 7)
    }

    @Test func theBridgesLinkAndTheBodySensorLocation() {
        var strap = HeartRateStrapReadings(sourceName: "hrm:test")
        #expect(statuses(strap.readings(for: .link(up: true), at: start)).isEmpty)
        #expect(statuses(strap.readings(for: .link(up: false), at: start + 1)) == [.disconnected])
        #expect(statuses(strap.readings(for: .link(up: true), at: start + 2)) == [.connected])
        _ = strap.readings(for: StrapMessage(.notification(kind: 0x2A38, payload: [0x01])), at: start)
        #expect(strap.bodySensorLocation == .chest)
        // A power meter's or speed sensor's location (0x2A5D) is decoded, and is none of the strap's business.
        #expect(StrapMessage(.notification(kind: 0x2A5D, payload: [0x05])) == .sensorLocation(.leftCrank))
        #expect(strap.readings(for: .sensorLocation(.leftCrank), at: start).isEmpty)
        #expect(StrapMessage(.notification(kind: 0x2A37, payload: [0x11, 0x48])) == .invalid(kind: 0x2A37, payload: [0x11, 0x48],
            reason: HeartRateMeasurementError(.truncatedHeartRate(needed: 3), bytes: [0x11, 0x48]).description))
    }
}
