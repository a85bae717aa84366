import Testing
import WorkoutFormats
import WorkoutReport

@Suite("Time in zones")
struct ZoneTimeTests {
    @Test("each reading counts until the next, pauses and gaps left out")
    func seconds() {
        let heartRate: (Int) -> Double? = { second in second < 100 ? 95 : second < 300 ? 135 : second < 320 ? nil : 175 }
        let timeline = WorkoutTimeline(activity: straightActivity(seconds: 601, pauses: [(400, 450)], heartRate: heartRate))
        let zones = ZoneTime(values: timeline.heartRate, lowerBounds: [100, 120, 140, 160, 180], timeline: timeline).zones
        #expect(zones.map(\.name) == ["Z1", "Z2", "Z3", "Z4", "Z5"])
        #expect(zones[1].seconds == 200)
        // 175 bpm from 320 s to the end, less the 50 s pause, plus the last reading's second.
        #expect(zones[3].seconds == 281 - 50)
        #expect(zones[0].seconds == 0 && zones[2].seconds == 0 && zones[4].seconds == 0)
    }
}
