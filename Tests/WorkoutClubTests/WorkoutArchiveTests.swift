import ClubArchive
import Foundation
import OpenHealthKit
import Testing
import WorkoutClub
import WorkoutFormats

/// The archive `workout sync` sends: exact round trips, and typed errors for any bytes.
@Suite struct WorkoutArchiveTests {
    @Test func everyValueComesBackBitForBit() throws {
        var archive = try SampleWorkout.archive(seconds: 900)
        archive.activity.records[5].heartRate = 0.1 + 0.2
        archive.activity.records[6].latitude = -0.0
        let back = try WorkoutArchive(decoding: archive.encoded())
        #expect(back == archive)
        #expect(back.activity.records[6].latitude?.sign == .minus)
        #expect(back.activity.records[0].altitude == nil, "a missing reading stays missing")
    }

    /// The athlete's zones' figures travel with the archive and come back from the club's stored facts; an
    /// archive written before they were kept (no `athlete` in its facts) reads with none.
    @Test func theAthleteTravelsWithTheArchiveAndOlderArchivesHaveNone() throws {
        var archive = try SampleWorkout.archive(seconds: 60)
        archive.athlete = AthleteFigures(maximumHeartRate: 188, restingHeartRate: 48, functionalThresholdPower: 250)
        #expect(try WorkoutArchive(decoding: archive.encoded()).athlete == archive.athlete)
        let series = archive.series.map { (column: $0.column, samples: $0.samples) }
        #expect(try WorkoutArchive(summary: archive.summary, factsJSON: archive.factsJSON, series: series).athlete == archive.athlete)
        var older = try #require(try JSONSerialization.jsonObject(with: Data(archive.factsJSON.utf8)) as? [String: Any])
        #expect(older.removeValue(forKey: "athlete") != nil)
        let olderJSON = String(decoding: try JSONSerialization.data(withJSONObject: older), as: UTF8.self)
        let read = try WorkoutArchive(summary: archive.summary, factsJSON: olderJSON, series: series)
        #expect(read.athlete == nil && read.activity.records.count == 60)
    }

    /// The zone a workout was done in and its average temperature travel with the archive (the club's report
    /// dates it in its own zone); an archive written before they were kept reads without them.
    @Test func theTimeZoneAndTemperatureTravelWithTheArchive() throws {
        var archive = try SampleWorkout.archive(seconds: 60)
        archive.activity.timeZone = TimeZone(secondsFromGMT: 7200)
        archive.activity.averageTemperature = 21.2
        let back = try WorkoutArchive(decoding: archive.encoded())
        #expect(back.activity.timeZone?.secondsFromGMT() == 7200 && back.activity.averageTemperature == 21.2)
        #expect(back == archive)
        var older = try #require(try JSONSerialization.jsonObject(with: Data(archive.factsJSON.utf8)) as? [String: Any])
        #expect(older.removeValue(forKey: "timeZone") != nil && older.removeValue(forKey: "averageTemperature") != nil)
        let series = archive.series.map { (column: $0.column, samples: $0.samples) }
        let read = try WorkoutArchive(summary: archive.summary, factsJSON: String(decoding: try JSONSerialization.data(withJSONObject: older), as: UTF8.self),
                                      series: series)
        #expect(read.activity.timeZone == nil && read.activity.averageTemperature == nil && read.activity.records.count == 60)
    }

    @Test func everyCutOfTheBytesIsATypedErrorWithItsOffset() throws {
        let bytes = try SampleWorkout.archive(seconds: 20).encoded()
        for length in 0..<bytes.count {
            do {
                _ = try WorkoutArchive(decoding: bytes.prefix(length))
                Issue.record("\(length) of \(bytes.count) bytes read as an archive")
            } catch {
                switch error {
                case .truncated(let offset, let needed): #expect(offset == length && needed > 0)
                case .notAnArchive: #expect(length < 6)
                default: Issue.record("\(length) bytes: \(error)")
                }
            }
        }
    }

    @Test func changedBytesNeverTrap() throws {
        let bytes = [UInt8](try SampleWorkout.archive(seconds: 30).encoded())
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<2_000 {
            var changed = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if (try? WorkoutArchive(decoding: Data(changed))) == nil { refused += 1 }
        }
        #expect(refused > 0, "some changes must be caught")
    }

    @Test func columnsOfDifferentLengthsAreRefused() throws {
        let archive = try SampleWorkout.archive(seconds: 10)
        var series = archive.series.map { ($0.column, $0.samples) }
        series[1].1 = series[1].1.prefix(16)
        #expect(throws: WorkoutArchiveError.columnLength(name: series[1].0.rawValue, offset: 0, count: 2, expected: 10)) {
            try WorkoutArchive(summary: archive.summary, factsJSON: archive.factsJSON, series: series)
        }
    }
}
