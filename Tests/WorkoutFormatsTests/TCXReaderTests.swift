import Foundation
import TestSupport
import Testing
import WorkoutFormats

@Suite struct TCXReaderTests {
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real TCX ride"))
    func aRealRideReadsAsTcxparserReadsIt() throws {
        let activity = try ActivityFile.read(SharedData.file("activity-files/gc__edge705-ride-hr-2009-09-19.tcx"))
        // Published: 1,863 trackpoints with heart rate; tcxparser: biking, 50,970.934 m, max HR 204.
        // The file has 1,854 trackpoint cadences and 1,838 Watts in its TPX extensions.
        #expect(activity.records.count == 1863)
        #expect(activity.records.filter { $0.heartRate != nil }.count == 1863)
        #expect(activity.records.filter { $0.cadence != nil }.count == 1854)
        #expect(activity.records.filter { $0.power != nil }.count == 1838)
        #expect(activity.creator.name == "EDGE705" && activity.creator.softwareVersion == 2.9)
        #expect(activity.sport == .cycling)
        let session = try #require(activity.sessions.first)
        #expect(abs((session.distance ?? 0) - 50_970.934) < 0.01)
        #expect(session.maximumHeartRate == 204)
        #expect(activity.laps.count >= 1)
    }

    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
         <Activities>
          <Activity Sport="Running">
           <Id>2024-05-01T06:30:00Z</Id>
           <Lap StartTime="2024-05-01T06:30:00Z">
            <TotalTimeSeconds>3</TotalTimeSeconds><DistanceMeters>12.5</DistanceMeters><Calories>2</Calories>
            <AverageHeartRateBpm><Value>121</Value></AverageHeartRateBpm><Intensity>Active</Intensity><TriggerMethod>Distance</TriggerMethod>
            <Track>
             <Trackpoint><Time>2024-05-01T06:30:00Z</Time><Position><LatitudeDegrees>48</LatitudeDegrees><LongitudeDegrees>11</LongitudeDegrees></Position><DistanceMeters>0</DistanceMeters><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>
             <Trackpoint><Time>2024-05-01T06:30:01Z</Time><DistanceMeters>5</DistanceMeters><HeartRateBpm><Value>121</Value></HeartRateBpm><Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Speed>5</Speed><RunCadence>88</RunCadence></TPX></Extensions></Trackpoint>
            </Track>
            <Track>
             <Trackpoint><Time>2024-05-01T06:30:10Z</Time><DistanceMeters>12.5</DistanceMeters></Trackpoint>
             <Trackpoint><Time>2024-05-01T06:30:11Z</Time><DistanceMeters>12.5</DistanceMeters></Trackpoint>
            </Track>
           </Lap>
          </Activity>
         </Activities>
        </TrainingCenterDatabase>
        """

    @Test func lapsTracksAndExtensions() throws {
        let activity = try ActivityFile.read(Data(Self.sample.utf8), format: .tcx, path: "run.tcx")
        #expect(activity.records.count == 4)
        #expect(activity.records[1].speed == 5 && activity.records[1].cadence == 88)
        // The second track follows a pause.
        #expect(activity.pauses == [DateInterval(start: activity.records[1].date, end: activity.records[2].date)])
        let lap = try #require(activity.laps.first)
        #expect(lap.timerTime == 3 && lap.elapsedTime == 11 && lap.distance == 12.5 && lap.calories == 2)
        #expect(lap.averageHeartRate == 121 && lap.trigger == .distance)
        #expect(activity.sessions.first?.sport == .running)
    }

    @Test func aLapWithoutAStartTimeIsLocated() throws {
        let bad = Self.sample.replacingOccurrences(of: "<Lap StartTime=\"2024-05-01T06:30:00Z\">", with: "<Lap>")
        let error = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(bad.utf8), format: .tcx, path: "bad.tcx") }
        #expect(error?.location == .line(6, column: 4))
        #expect(error?.message == "a Lap needs a StartTime attribute")
        let course = "<TrainingCenterDatabase><Courses/></TrainingCenterDatabase>"
        let noActivity = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(course.utf8), format: .tcx, path: "course.tcx") }
        #expect(noActivity?.message.contains("no <Activity>") == true)
    }

    /// Training Center's multisport layout: a first sport, then next sports each with the transition before it.
    @Test func aMultiSportSessionIsReadAsLegsAndTransitions() throws {
        func lap(_ element: String, _ start: String, seconds: Int, meters: Int, points: [(String, Double)]) -> String {
            let track = points.map { "<Trackpoint><Time>\($0.0)</Time><DistanceMeters>\($0.1)</DistanceMeters><HeartRateBpm><Value>140</Value></HeartRateBpm></Trackpoint>" }
            return "<\(element) StartTime=\"\(start)\"><TotalTimeSeconds>\(seconds)</TotalTimeSeconds><DistanceMeters>\(meters)</DistanceMeters><Calories>10</Calories>"
                + "<Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>\(track.joined())</Track></\(element)>"
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><MultiSportSession>
            <Id>2024-06-01T07:00:00Z</Id>
            <FirstSport><Activity Sport="Other"><Id>2024-06-01T07:00:00Z</Id>\(lap("Lap", "2024-06-01T07:00:00Z", seconds: 600, meters: 500, points: [("2024-06-01T07:00:00Z", 0), ("2024-06-01T07:10:00Z", 500)]))</Activity></FirstSport>
            <NextSport>\(lap("Transition", "2024-06-01T07:10:05Z", seconds: 60, meters: 100, points: [("2024-06-01T07:10:05Z", 500), ("2024-06-01T07:11:05Z", 600)]))
            <Activity Sport="Biking"><Id>2024-06-01T07:11:05Z</Id>\(lap("Lap", "2024-06-01T07:11:05Z", seconds: 1200, meters: 10000, points: [("2024-06-01T07:11:05Z", 600), ("2024-06-01T07:31:05Z", 10600)]))\(lap("Lap", "2024-06-01T07:31:05Z", seconds: 1200, meters: 10000, points: [("2024-06-01T07:31:06Z", 10610), ("2024-06-01T07:51:05Z", 20600)]))</Activity></NextSport>
            <NextSport>\(lap("Transition", "2024-06-01T07:51:10Z", seconds: 30, meters: 50, points: [("2024-06-01T07:51:10Z", 20600), ("2024-06-01T07:51:40Z", 20650)]))
            <Activity Sport="Running"><Id>2024-06-01T07:51:40Z</Id>\(lap("Lap", "2024-06-01T07:51:40Z", seconds: 1500, meters: 5000, points: [("2024-06-01T07:51:40Z", 20650), ("2024-06-01T08:16:40Z", 25650)]))</Activity></NextSport>
            <NextSport><Activity Sport="Other"><Id>2024-06-01T08:17:00Z</Id>\(lap("Lap", "2024-06-01T08:17:00Z", seconds: 300, meters: 0, points: [("2024-06-01T08:17:00Z", 25650), ("2024-06-01T08:22:00Z", 25650)]))</Activity></NextSport>
            </MultiSportSession></Activities></TrainingCenterDatabase>
            """
        let activity = try ActivityFile.read(Data(text.utf8), format: .tcx, path: "brick.tcx")
        #expect(activity.sessions.map(\.sport) == [.generic, .transition, .cycling, .transition, .running, .generic])
        #expect(activity.laps.count == 7)
        #expect(activity.records.count == 14)
        #expect(activity.sessions.map(\.timerTime) == [600, 60, 2400, 30, 1500, 300])
        #expect(activity.sessions.compactMap(\.distance).reduce(0, +) == 25650)
        // The five seconds between the swim and the transition belong to neither.
        let minute = Date(timeIntervalSince1970: 1_717_225_200)   // 2024-06-01T07:00:00Z
        #expect(activity.sessions[0].end == minute.addingTimeInterval(600))
        #expect(activity.sessions[1].start == minute.addingTimeInterval(605))
    }
    /// An older Garmin's history export wraps activities on four days in one `<MultiSportSession>`: legs days apart
    /// are workouts of their own (a race's legs follow each other within minutes, and stay one workout).
    @Test func aMultiSportSessionOfLegsDaysApartIsSeparated() throws {
        func activity(_ sport: String, _ start: String, _ end: String, seconds: Int, meters: Int) -> String {
            "<Activity Sport=\"\(sport)\"><Id>\(start)</Id><Lap StartTime=\"\(start)\"><TotalTimeSeconds>\(seconds)</TotalTimeSeconds>"
                + "<DistanceMeters>\(meters)</DistanceMeters><Calories>50</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
                + "<Trackpoint><Time>\(start)</Time><DistanceMeters>0</DistanceMeters></Trackpoint>"
                + "<Trackpoint><Time>\(end)</Time><DistanceMeters>\(meters)</DistanceMeters></Trackpoint></Track></Lap><Notes>\(sport) day</Notes></Activity>"
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><MultiSportSession>
            <Id>2010-03-01T07:00:00Z</Id>
            <FirstSport>\(activity("Running", "2010-03-01T07:00:00Z", "2010-03-01T07:40:00Z", seconds: 2400, meters: 8000))</FirstSport>
            <NextSport>\(activity("Biking", "2010-03-03T17:00:00Z", "2010-03-03T18:30:00Z", seconds: 5400, meters: 45000))</NextSport>
            <NextSport>\(activity("Running", "2010-03-06T08:00:00Z", "2010-03-06T09:00:00Z", seconds: 3600, meters: 12000))</NextSport>
            <NextSport>\(activity("Biking", "2010-03-09T06:30:00Z", "2010-03-09T07:00:00Z", seconds: 1800, meters: 15000))</NextSport>
            </MultiSportSession></Activities></TrainingCenterDatabase>
            """
        let read = try ActivityFile.read(Data(text.utf8), format: .tcx, path: "history.tcx")
        #expect(!read.sessionsAreSeparateWorkouts && read.sessions.count == 4)
        let workouts = read.separated()
        #expect(workouts.map(\.sport) == [.running, .cycling, .running, .cycling])
        #expect(workouts.map { $0.sessions.map(\.timerTime) } == [[2400], [5400], [3600], [1800]])
        #expect(workouts.map(\.records.count) == [2, 2, 2, 2] && workouts.map(\.laps.count) == [1, 1, 1, 1])
        #expect(workouts.map(\.notes) == ["Running day", "Biking day", "Running day", "Biking day"])
        #expect(workouts.allSatisfy { ($0.endDate ?? .distantFuture).timeIntervalSince($0.startDate ?? .distantPast) <= 5400 })
        // Three hours apart or less, legs stay one workout.
        let race = text.replacingOccurrences(of: "2010-03-03T17:00:00Z", with: "2010-03-01T07:45:00Z")
            .replacingOccurrences(of: "2010-03-03T18:30:00Z", with: "2010-03-01T09:15:00Z")
        #expect(try ActivityFile.read(Data(race.utf8), format: .tcx, path: "race.tcx").separated().map(\.sessions.count) == [2, 1, 1])
    }

    /// Training Center's history export: several `<Activity>` elements under `<Activities>`, days apart. Each is a
    /// workout of its own, with its own totals; only a `<MultiSportSession>` makes one workout of several.
    @Test func aHistoryOfActivitiesIsSeparatedIntoWorkouts() throws {
        func activity(_ sport: String, _ start: String, _ end: String, seconds: Int, meters: Int) -> String {
            "<Activity Sport=\"\(sport)\"><Id>\(start)</Id><Lap StartTime=\"\(start)\"><TotalTimeSeconds>\(seconds)</TotalTimeSeconds>"
                + "<DistanceMeters>\(meters)</DistanceMeters><Calories>50</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
                + "<Trackpoint><Time>\(start)</Time><DistanceMeters>0</DistanceMeters><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>"
                + "<Trackpoint><Time>\(end)</Time><DistanceMeters>\(meters)</DistanceMeters><HeartRateBpm><Value>150</Value></HeartRateBpm></Trackpoint>"
                + "</Track></Lap></Activity>"
        }
        // Newest first, as Training Center writes a history.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
            \(activity("Running", "2009-10-01T18:00:00Z", "2009-10-01T18:30:00Z", seconds: 1800, meters: 6000))
            \(activity("Biking", "2009-09-19T09:00:00Z", "2009-09-19T11:00:00Z", seconds: 7000, meters: 60000))
            </Activities></TrainingCenterDatabase>
            """
        let history = try ActivityFile.read(Data(text.utf8), format: .tcx, path: "history.tcx")
        #expect(history.sessionsAreSeparateWorkouts)
        let workouts = history.separated()
        #expect(workouts.map(\.sport) == [.cycling, .running])
        #expect(workouts.map { $0.sessions.map(\.timerTime) } == [[7000], [1800]])
        #expect(workouts.map { $0.sessions.compactMap(\.distance) } == [[60000], [6000]])
        #expect(workouts.map(\.records.count) == [2, 2] && workouts.map(\.laps.count) == [1, 1])
        #expect(workouts[0].endDate == Date(timeIntervalSince1970: 1_253_358_000))   // 2009-09-19T11:00:00Z
        // One activity alone, or a multisport session, is one workout.
        let single = try ActivityFile.read(Data(text.replacingOccurrences(of: activity("Running", "2009-10-01T18:00:00Z", "2009-10-01T18:30:00Z", seconds: 1800, meters: 6000),
                                                                          with: "").utf8), format: .tcx, path: "one.tcx")
        #expect(!single.sessionsAreSeparateWorkouts && single.separated().count == 1)
    }
}
