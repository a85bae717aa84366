import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutFormats
import WorkoutSources

@Suite(.timeLimit(.minutes(10))) struct ActivityReplayTests {
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real FIT run"))
    func aRealRunReplaysThroughTheLiveBuilder() async throws {
        let activity = try ActivityFile.read(SharedData.file("activity-files/fitparse__fenix2-run.fit"))
        let url = Scratch.url("replay", extension: "sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await ActivityReplay(activity: activity, name: "fenix2-run.fit").replay(in: HKHealthStore(location: .file(url.path)))
        #expect(result.state == "ended")
        #expect(result.errors.isEmpty)
        #expect(result.activityType == "running")
        #expect(result.start == activity.startDate)
        // The file's distance (the fenix's own, 9,008.22 m) is the ground truth; the live builder measures
        // the same positions with its own filters.
        #expect(abs(result.groundTruth.distanceMeters - 9008.22) < 0.01)
        #expect(abs(result.totalDistanceMeters - 9008.22) / 9008.22 < 0.01)
        #expect(abs(result.elapsed - activity.sessions[0].timerTime) < 2)
        #expect(result.events.filter { $0.type == "lap" }.count == activity.laps.count - 1)
        #expect(result.heartRate != nil)
    }

    @Test func pausesAndMultisportLegsDriveTheSession() async throws {
        var activity = Activity()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for second in 0..<240 where !(100..<130).contains(second) {
            let sport = second < 120 ? 0.0 : 1.0
            activity.records.append(ActivityRecord(date: start.addingTimeInterval(Double(second)), latitude: 48 + Double(second) * 4e-5 + sport * 1e-6, longitude: 11,
                                                   heartRate: 130, speed: 4.4))
        }
        activity.timerEvents = [ActivityTimerEvent(.start, at: start), ActivityTimerEvent(.stop, at: start.addingTimeInterval(99)),
                                ActivityTimerEvent(.start, at: start.addingTimeInterval(130))]
        activity.sessions = [ActivitySummary(sport: .cycling, start: start, elapsedTime: 120, timerTime: 89),
                             ActivitySummary(sport: .running, start: start.addingTimeInterval(120), elapsedTime: 119)]
        let result = try await ActivityReplay(activity: activity, name: "brick").replay(in: HKHealthStore(location: .inMemory))
        #expect(result.errors.isEmpty)
        #expect(result.activityType == "swimBikeRun")
        #expect(result.events.map(\.type).filter { $0 == "pause" || $0 == "resume" } == ["pause", "resume"])
        #expect(result.activities.map(\.type) == ["cycling", "running"])
        #expect(abs(result.elapsed - (239 - 31)) < 1.5)
    }
}
