import Foundation
import TestSupport
import Testing
import WorkoutFormats

@Suite struct CoursePlanTests {
    @Test func aPlannersGPXRouteWithoutTimesIsReadWithItsWaypoints() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="planner" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="52.01" lon="5.0"><name>Turn left onto the dyke</name><type>Left</type></wpt>
              <wpt lat="52.02" lon="5.0"><name>Fountain</name><sym>Drinking Water</sym></wpt>
              <rte><name>Dyke loop</name>
                <rtept lat="52.0" lon="5.0"><ele>1.5</ele></rtept>
                <rtept lat="52.01" lon="5.0"/>
                <rtept lat="52.02" lon="5.0"><ele>3</ele></rtept>
              </rte>
            </gpx>
            """
        let plan = try CoursePlan.read(Data(gpx.utf8)).get()
        #expect(plan.name == "Dyke loop")
        #expect(plan.points.map(\.latitude) == [52.0, 52.01, 52.02] && plan.points.map(\.altitude) == [1.5, nil, 3])
        #expect(plan.places.map(\.name) == ["Turn left onto the dyke", "Fountain"] && plan.places.map(\.type) == ["Left", "Drinking Water"])
    }

    @Test func aTCXCourseIsReadWithItsCoursePoints() throws {
        let tcx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
              <Courses><Course><Name>Col loop</Name>
                <Track>
                  <Trackpoint><Position><LatitudeDegrees>45.0</LatitudeDegrees><LongitudeDegrees>6.0</LongitudeDegrees></Position><AltitudeMeters>700</AltitudeMeters></Trackpoint>
                  <Trackpoint><Position><LatitudeDegrees>45.05</LatitudeDegrees><LongitudeDegrees>6.0</LongitudeDegrees></Position><AltitudeMeters>1500</AltitudeMeters></Trackpoint>
                </Track>
                <CoursePoint><Name>Col</Name><Position><LatitudeDegrees>45.05</LatitudeDegrees><LongitudeDegrees>6.0</LongitudeDegrees></Position><PointType>Summit</PointType></CoursePoint>
              </Course></Courses>
            </TrainingCenterDatabase>
            """
        let plan = try CoursePlan.read(Data(tcx.utf8)).get()
        #expect(plan.name == "Col loop" && plan.points.count == 2 && plan.points.last?.altitude == 1_500)
        #expect(plan.places == [CoursePlan.Place(latitude: 45.05, longitude: 6.0, name: "Col", type: "Summit")])
    }

    @Test func badCoursesAreRefusedWithWhereAndWhy() {
        func problem(_ text: String, maximumPoints: Int = 2_000_000) -> String? {
            if case .failure(let problem) = CoursePlan.read(Data(text.utf8), maximumPoints: maximumPoints) { return problem.description }
            return nil
        }
        #expect(problem("<gpx><rte>\n<rtept lat=\"95\" lon=\"5\"/></rte></gpx>") == "2:1: a <rtept> needs lat and lon attributes within −90…90 and −180…180")
        #expect(problem("<gpx><rte><rtept lat=\"52\" lon=\"5\"/></rte></gpx>")?.contains("holds 1 route or track points") == true)
        #expect(problem("<gpx><rte><rtept lat=\"52\" lon=\"5\"><ele>high</ele></rtept></rte></gpx>")?.contains("<ele>high</ele> is not a number") == true)
        let many = "<gpx><rte>" + String(repeating: "<rtept lat=\"52\" lon=\"5\"/>", count: 4) + "</rte></gpx>"
        #expect(problem(many, maximumPoints: 3)?.contains("more than 3 points") == true)
        #expect(problem("<gpx><rte><rtept lat=\"52\" lon=\"5\"/>") != nil, "a file cut short")
    }

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func aCourseGarminsSDKWritesIsReadWithItsCoursePoints() throws {
        let url = Scratch.url("garmin-course", extension: "fit")
        _ = try ExternalTool.python("""
            import sys, datetime
            from garmin_fit_sdk import Encoder
            start = datetime.datetime(2026, 11, 27, 8, tzinfo=datetime.timezone.utc)
            def semicircles(degrees): return round(degrees * 2**31 / 180)
            e = Encoder()
            e.write_mesg({'mesg_num': 0, 'type': 'course', 'manufacturer': 'garmin', 'product': 0, 'time_created': start})
            e.write_mesg({'mesg_num': 31, 'name': 'Garmin loop', 'sport': 'cycling'})
            for i in range(11):
                e.write_mesg({'mesg_num': 20, 'timestamp': start + datetime.timedelta(seconds=20 * i),
                              'position_lat': semicircles(46 + i * 0.001), 'position_long': semicircles(7.0),
                              'altitude': 500.0 + 2 * i, 'distance': 111.2 * i})
            e.write_mesg({'mesg_num': 32, 'message_index': 0, 'timestamp': start, 'position_lat': semicircles(46.003),
                          'position_long': semicircles(7.0), 'distance': 333.6, 'type': 'slight_left', 'name': 'Bear left'})
            e.write_mesg({'mesg_num': 32, 'message_index': 1, 'timestamp': start, 'position_lat': semicircles(46.008),
                          'position_long': semicircles(7.0), 'distance': 889.6, 'type': 'first_aid'})
            open(sys.argv[1], 'wb').write(e.close())
            """, [url.path])
        let plan = try #require(try CoursePlan.readFIT(try Data(contentsOf: url)))
        #expect(plan.name == "Garmin loop")
        #expect(plan.points.count == 11)
        #expect(abs(plan.points[10].latitude - 46.01) < 1e-7 && abs((plan.points[10].altitude ?? 0) - 520) < 0.2)
        #expect(plan.places == [CoursePlan.Place(latitude: plan.places[0].latitude, longitude: plan.places[0].longitude, name: "Bear left", type: "slight_left"),
                                CoursePlan.Place(latitude: plan.places[1].latitude, longitude: plan.places[1].longitude, name: nil, type: "first_aid")])
        #expect(abs(plan.places[1].latitude - 46.008) < 1e-7)
    }

    @Test func aFITFileOfAnotherKindIsNoCourseAndADamagedOneIsAnError() throws {
        let activity = Activity(records: [ActivityRecord(date: Date(timeIntervalSince1970: 1_790_000_000), latitude: 46, longitude: 7)])
        #expect(try CoursePlan.readFIT(FITActivityWriter.data(for: activity)) == nil)
        #expect(throws: FITDecodingError.self) { _ = try CoursePlan.readFIT(Data("not a FIT file at all".utf8)) }
    }

    @Test func aCoursePointOfAnImpossibleTypeIsNoTrap() throws {
        // Found by the fuzzer: a course_point whose type field holds a number beyond Int's range trapped on conversion.
        let data = try #require(Data(base64Encoded: """
            DiDiUsQAAAAuRklU0dlAAAAAAAQAAQABAoQCAoQEBIYABgEAAAAAfGtFQQAAHwACBQUHBAEAAVNlZWQAAkIAAAwABf0EhgAEhYEEhQUChAUEhgIAfGtFa0Xg\
            /6kgwF87BI0TXCsAAAIAfGtFwC6qIMBfOwSSE7hWAAACAHyXExSCAABDAAAgAAf+AoQBBH4CBIUDBIQFBAiGAQAGBQcDAAAAAAAAAADz8/Pz8/Pz8/Pz8/Pz\
            8/Pz8/Pz8/Pz8/PzAAAAAAAAAAAAAAZMZWZ0AGo=
            """))
        // Its course point comes before the end of a file cut short: read without a type, then the cut is the error.
        let error = #expect(throws: FITDecodingError.self) { _ = try CoursePlan.readFIT(data) }
        #expect(error?.description.contains("cut short") == true)
    }
}
