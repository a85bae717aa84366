import Foundation
import Testing
import WorkoutClub
import WorkoutFormats
import WorkoutCatalog

/// A club workout in JSON: the one-athlete server's keys, and the club's beside them.
@Suite struct ClubWorkoutTests {
    @Test func itIsOneObjectWithTheSummarysKeysAndComesBackWhole() throws {
        let summary = WorkoutSummary(id: "2DE74B54-15E8-4BD0-9D0E-F9BAAE2804A2", activity: "running", start: Date(timeIntervalSince1970: 1_789_990_000),
                                     end: Date(timeIntervalSince1970: 1_789_991_800), durationSeconds: 1_744, distanceMeters: 5_018.4,
                                     energyKilocalories: nil, averageHeartRate: 142.5, pauses: 2, legs: nil)
        let workout = ClubWorkout(summary: summary, athleteID: 7, athleteName: "ada", recordCount: 1_744, receivedAt: Date(timeIntervalSince1970: 1_790_000_000))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(workout)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let summaryKeys = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(summary)) as? [String: Any]).keys
        #expect(Set(object.keys) == Set(summaryKeys).union(["athleteID", "athleteName", "recordCount", "receivedAt"]))
        #expect(object["id"] as? String == summary.id && object["athleteName"] as? String == "ada" && object["distanceMeters"] as? Double == 5_018.4)
        #expect(object["energyKilocalories"] == nil, "a missing figure is left out, as the one-athlete server does")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(ClubWorkout.self, from: data) == workout)
    }
}
