import Foundation
import Testing
import OpenHealthKit

@Suite struct AutoPauseDetectorTests {
    @Test func pausesAndResumesAfterTheirDwellWithHysteresis() {
        var detector = AutoPauseDetector(thresholds: .default(for: .cycling))
        var events: [(HKWorkoutEventType, Date)] = []
        // Riding, a stop with jitter in the hold band, riding again.
        let speeds: [Double] = [6, 6, 0.5, 0.3, 0.9, 0.2, 0.1, 0.0, 0.1, 0.2, 0.3, 0.1, 1.5, 1.9, 2.5, 0.4, 3.0, 3.1, 3.2]
        for (second, speed) in speeds.enumerated() {
            if let event = detector.add(speed: speed, at: at(Double(second))) { events.append((event.type, event.date)) }
        }
        // The 0.9 m/s reading at 4 s breaks the first dwell; the low run from 5 s pauses at 10 s, dated 5 s.
        // 1.5 and 1.9 m/s hold the pause; 2.5 at 14 s starts a resume dwell that 0.4 breaks; 3.0 from 16 s resumes at 18 s.
        #expect(events.map(\.0) == [.motionPaused, .motionResumed])
        #expect(events.map(\.1) == [at(5), at(16)])
        #expect(!detector.isPaused)
        #expect(detector.add(speed: -1, at: at(30)) == nil)
    }
}
