import Foundation
import TestSupport
import Testing
import WorkoutFormats

/// A file that names no sport is taken as the sport its movement shows, never stored as "other" with its
/// cadence and power dropped.
@Suite struct ActivitySportGuessTests {
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the Urban Biker ride"))
    func aGPXRideWithoutATypeIsTakenAsCycling() throws {
        let ride = try ActivityFile.read(SharedData.file("activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx"))
        #expect(ride.sport == .generic)
        let guess = try #require(ride.guessedSport())
        #expect(guess.sport == .cycling)
        #expect(guess.reason.contains("19.8 km/h"), "\(guess.reason)")
        let taken = ride.taking(guess.sport)
        #expect(taken.sport == .cycling && taken.laps.allSatisfy { $0.sport == .cycling })
        #expect(taken.records.filter { $0.cadence != nil }.count > 2_800, "the cadence stays with the records")
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the fenix 2 run"))
    func aFileThatNamesItsSportIsNotGuessed() throws {
        let run = try ActivityFile.read(SharedData.file("activity-files/fitparse__fenix2-run.fit"))
        #expect(run.sport == .running)
        #expect(run.guessedSport() == nil)
    }

    @Test(arguments: [(1.2, ActivitySport.walking), (2.9, .running), (5.0, .cycling)])
    func theSpeedDecides(_ metersPerSecond: Double, _ expected: ActivitySport) throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let records = (0..<600).map { second in
            var record = ActivityRecord(date: start.addingTimeInterval(Double(second)))
            record.latitude = 48 + Double(second) * metersPerSecond / 111_200
            record.longitude = 11
            return record
        }
        let activity = Activity(records: records).completingSummaries()
        #expect(activity.guessedSport()?.sport == expected)
    }
}
