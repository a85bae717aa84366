import Foundation
import HealthKitModel
import Testing
import WorkoutServer

/// The live page's feed: a course drawn under the track comes with each snapshot, thinned, and not with updates.
@Suite struct LiveFeedTests {
    @Test func aCourseComesWithSnapshotsThinnedToTwoThousandPointsWithItsEnd() async throws {
        let feed = LiveFeed(wallClock: { Date(timeIntervalSince1970: 1_790_000_000) })
        // 5,001 points: every third is kept (1,667), and the last.
        let points = (0...5_000).map { (latitude: 52 + Double($0) * 1e-5, longitude: 5.0) }
        await feed.setCourse(points)
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(await feed.snapshotJSON().utf8)) as? [String: Any])
        let course = try #require(snapshot["course"] as? [[Double]])
        #expect(course.count == 1_668)
        #expect(course.first == [52, 5] && course.last == [52.05, 5])
        // Updates carry the new track points only.
        let updates = await feed.subscribe()
        await feed.publish(LiveSnapshot(state: .running, activity: "cycling", showsPace: false, date: Date(timeIntervalSince1970: 1_790_000_001)),
                           newPoints: [(52.001, 5.0)])
        var events: [String] = []
        for await event in updates {
            events.append(event)
            if events.count == 2 { break }
        }
        #expect(events[0].contains("event: snapshot") && events[0].contains("\"course\":[[52,5]"))
        #expect(events[1].contains("event: update") && !events[1].contains("\"course\""))
        // Without a course, the snapshot has none.
        let plain = LiveFeed(wallClock: { Date(timeIntervalSince1970: 0) })
        #expect(!(await plain.snapshotJSON()).contains("course"))
    }
}
