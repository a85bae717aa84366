import Foundation
import Testing
import TestSupport
import WorkoutFormats
import WorkoutReport

/// A made-up activity: `seconds` records at 1 Hz moving north at `speed` m/s, with pauses where given.
func straightActivity(seconds: Int, speed: Double = 4, pauses: [(from: Int, to: Int)] = [], heartRate: (Int) -> Double? = { 120 + Double($0 % 40) },
                      power: ((Int) -> Double?)? = nil, sport: ActivitySport = .running,
                      start: Date = Date(timeIntervalSince1970: 1_750_000_000)) -> Activity {
    var records: [ActivityRecord] = []
    var meters = 0.0
    for second in 0..<seconds {
        let paused = pauses.contains { second > $0.from && second <= $0.to }
        if second > 0, !paused { meters += speed }
        records.append(ActivityRecord(date: start.addingTimeInterval(Double(second)), latitude: 52 + meters / 111_200, longitude: 4.9, altitude: 10 + meters / 100,
                                      heartRate: heartRate(second), power: power?(second), speed: paused ? 0 : speed, distance: meters))
    }
    var events: [ActivityTimerEvent] = [ActivityTimerEvent(.start, at: start)]
    for pause in pauses {
        events.append(ActivityTimerEvent(.stop, at: start.addingTimeInterval(Double(pause.from))))
        events.append(ActivityTimerEvent(.start, at: start.addingTimeInterval(Double(pause.to))))
    }
    let elapsed = Double(seconds - 1)
    let paused = pauses.reduce(0.0) { $0 + Double($1.to - $1.from) }
    return Activity(records: records, timerEvents: events, laps: [],
                    sessions: [ActivitySummary(sport: sport, start: start, elapsedTime: elapsed, timerTime: elapsed - paused, distance: meters)],
                    creator: .openHealthKit)
}

@Suite("Workout timeline")
struct WorkoutTimelineTests {
    @Test("moving time leaves the pauses out; distance is the device's")
    func movingTime() {
        let timeline = WorkoutTimeline(activity: straightActivity(seconds: 601, pauses: [(100, 160), (300, 330)]))
        #expect(timeline.count == 601)
        #expect(timeline.duration == 600)
        #expect(timeline.movingDuration == 510)
        #expect(timeline.moving[99] == 99)
        #expect(timeline.moving[200] == 140)
        #expect(timeline.moving[600] == 510)
        #expect(timeline.distance[600] == 510 * 4)
        #expect(timeline.isPaused(at: 130) && !timeline.isPaused(at: 170))
    }

    @Test("without the device's distance, it is measured along the track")
    func measuredDistance() {
        var activity = straightActivity(seconds: 301)
        for index in activity.records.indices { activity.records[index].distance = nil }
        let timeline = WorkoutTimeline(activity: activity)
        #expect(abs((timeline.distance.last ?? 0) - 1_200) < 10, "\(timeline.distance.last ?? 0)")
    }

    @Test("the fenix 2's opening altitude spike is neither drawn nor counted",
          .enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the fenix 2 run"))
    func altitudeSpike() throws {
        // The file: 55 m at 14:45:08, 142.4 m at :10, :11 and :12, then 56 m; its real highest point is 81.8 m, climbed near the end.
        let (activity, problem) = FITActivityReader.read(try Data(contentsOf: SharedData.file("activity-files/fitparse__fenix2-run.fit")))
        #expect(problem == nil)
        let timeline = WorkoutTimeline(activity: activity)
        #expect(Array(timeline.altitude.prefix(5)) == [55, nil, nil, nil, 56])
        let drawn = timeline.altitude.compactMap { $0 }
        #expect(abs(drawn.max()! - 81.8) < 0.01)
        #expect(drawn.count == timeline.count - 3)
        // Without its stated ascent, the figures count from the same altitudes: the spike adds no 87 m.
        var unstated = activity
        unstated.sessions = unstated.sessions.map { var session = $0; session.ascent = nil; session.descent = nil; return session }
        let figures = WorkoutFigures(activity: unstated)
        let ascent = try #require(figures.ascent)
        #expect(ascent < 70, "ascent \(ascent) m; the device states 64 m")
    }
}
