import Foundation
import Testing
import WorkoutFormats

@Suite struct WorkoutEffortsTests {
    /// 12.5 km at 1 Hz: 5 m/s, with 2 km at 8 m/s from 4 km on, and 300 W throughout but 500 W for the first minute.
    func ride() -> WorkoutTimeline {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var records: [ActivityRecord] = []
        var meters = 0.0, second = 0
        while meters < 12_500 {
            records.append(ActivityRecord(date: start.addingTimeInterval(Double(second)), power: second < 60 ? 500 : 300, distance: meters))
            meters += (4_000..<6_000).contains(meters) ? 8 : 5
            second += 1
        }
        let session = ActivitySummary(sport: .cycling, start: start, elapsedTime: Double(second - 1), distance: meters)
        return WorkoutTimeline(activity: Activity(records: records, laps: [session], sessions: [session]))
    }

    @Test func eachStandardDistanceCoveredAndEachDurationLastedIsFound() {
        let timeline = ride()
        let efforts = WorkoutEfforts(timeline: timeline)
        let covered = timeline.distance.last!
        #expect(efforts.fastest.keys.sorted() == WorkoutEfforts.distances.filter { $0 <= covered })
        // The fastest 2 km is the stretch at 8 m/s: 250 s.
        #expect(efforts.fastest[2_000] == 250)
        // 10 km: the 2 km at 8 m/s (250 s) and 8 km at 5 m/s (1,600 s).
        #expect(efforts.fastest[10_000] == 1_850)
        #expect(efforts.power[5] == 500 && efforts.power[60] == 500)
        #expect(abs(efforts.power[1_200]! - (60 * 500 + 1_140 * 300) / 1_200) < 1e-9)
        #expect(efforts.power[3_600] == nil, "the ride lasts under an hour")
    }

    @Test func theKeptTextReadsBackAndADamagedOneIsNotHalfBelieved() throws {
        let efforts = WorkoutEfforts(fastest: [91.44: 18.64, 10_000: 1_850, 1_609.344: 201], power: [5: 912.35, 1_200: 287])
        #expect(efforts.metadataValue == "d91.44=18.6 d1609.344=201 d10000=1850 p5=912.4 p1200=287")
        let back = try #require(WorkoutEfforts(metadataValue: efforts.metadataValue))
        #expect(back.fastest[91.44] == 18.6 && back.fastest[1_609.344] == 201 && back.power[5] == 912.4)
        #expect(WorkoutEfforts(metadataValue: "")?.isEmpty == true, "computed, and none found")
        for damaged in ["d10000", "d10000=", "x5=3", "p5.5=300", "d-3=20", "p5=nan", "d10000=1850 p5"] {
            #expect(WorkoutEfforts(metadataValue: damaged) == nil, "\(damaged)")
        }
    }

    @Test func aMultisportWorkoutsEffortsAreEachLegsOwnAndReadBack() throws {
        // A 1.1 km swim at 1 m/s, a 2-minute transition, then 12 km of riding at 10 m/s and 250 W: the ride's
        // distances count from its own start, and the swim has no power.
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var records: [ActivityRecord] = []
        for second in 0...1_100 { records.append(ActivityRecord(date: start.addingTimeInterval(Double(second)), distance: Double(second))) }
        let bikeStart = start.addingTimeInterval(1_220)
        for second in 0...1_200 {
            records.append(ActivityRecord(date: bikeStart.addingTimeInterval(Double(second)), power: 250, distance: 1_100 + 10 * Double(second)))
        }
        let sessions = [ActivitySummary(sport: .swimming, start: start, elapsedTime: 1_100, distance: 1_100),
                        ActivitySummary(sport: .transition, start: start.addingTimeInterval(1_100), elapsedTime: 120, distance: 0),
                        ActivitySummary(sport: .cycling, start: bikeStart, elapsedTime: 1_200, distance: 12_000)]
        let activity = Activity(records: records, laps: sessions, sessions: sessions)
        let efforts = WorkoutEfforts(activity: activity, timeline: WorkoutTimeline(activity: activity))
        #expect(efforts.fastest.isEmpty && efforts.power.isEmpty, "a multisport workout holds no effort of its own")
        #expect(efforts.legs.map(\.activity) == ["swimming", "cycling"], "transitions hold none")
        #expect(efforts.legs[0].efforts.fastest[100] == 100 && efforts.legs[0].efforts.fastest[1_000] == 1_000)
        #expect(efforts.legs[0].efforts.power.isEmpty)
        #expect(efforts.legs[1].efforts.fastest[10_000] == 1_000)
        #expect(efforts.legs[1].efforts.fastest[20_000] == nil, "the ride covered 12 km of its own, not 13.1")
        #expect(efforts.legs[1].efforts.power[1_200] == 250)

        #expect(efforts.bySport(activity: "swimBikeRun").map(\.activity) == ["swimming", "cycling"])
        #expect(WorkoutEfforts(fastest: [100: 90]).bySport(activity: "swimming").map(\.activity) == ["swimming"])

        let text = WorkoutEfforts(legs: [.init(activity: "swimming", efforts: WorkoutEfforts(fastest: [100: 95.04])),
                                         .init(activity: "cycling", efforts: WorkoutEfforts()),
                                         .init(activity: "running", efforts: WorkoutEfforts(fastest: [1_000: 230], power: [5: 400]))]).metadataValue
        #expect(text == "swimming: d100=95 / cycling:  / running: d1000=230 p5=400")
        let back = try #require(WorkoutEfforts(metadataValue: text))
        #expect(back.legs.map(\.activity) == ["swimming", "cycling", "running"])
        #expect(back.legs[2].efforts.power[5] == 400 && back.legs[1].efforts.isEmpty)
        for damaged in ["swimming d100=95", ": d100=95", "swim-ming: d100=95", "swimming: d100", "running: d1000=230 / cycling: p5"] {
            #expect(WorkoutEfforts(metadataValue: damaged) == nil, "\(damaged)")
        }
    }
}
