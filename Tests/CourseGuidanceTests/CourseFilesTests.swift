import CourseGuidance
import Foundation
import TestSupport
import Testing
import WorkoutFormats

/// A course written as FIT and GPX: read back to the same points and cues, and read by Garmin's SDK.
@Suite struct CourseFilesTests {
    /// 2 km north from 45° N 6° E rising 100 m, a point every 100 m; a left at 500 m, water at 1.25 km, the top.
    static let course: Course = {
        let positions: [(latitude: Double, longitude: Double, altitude: Double?)] = (0...20).map { index in
            let step = Double(index)
            return (45 + step * 100 / 111_132, 6.0, 1_000 + 5 * step)
        }
        let cues = [Course.Cue(kind: .left, distance: 500, name: "Left at the chalet"), Course.Cue(kind: .water, distance: 1_250),
                    Course.Cue(kind: .summit, distance: 2_000, name: "Top")]
        return Course(name: "Col & test", positions: positions, cues: cues)!
    }()

    static func sameCourse(_ read: Course) {
        #expect(read.name == course.name)
        #expect(read.points.count == course.points.count)
        for (a, b) in zip(read.points, course.points) {
            #expect(abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6 && abs((a.altitude ?? 0) - (b.altitude ?? 0)) <= 0.2)
        }
        #expect(read.cues.map(\.kind) == course.cues.map(\.kind))
        #expect(read.cues.map(\.name) == course.cues.map(\.name))
        // Each cue at its place again: on a point, or between two (the water, 50 m from each).
        for (a, b) in zip(read.cues, course.cues) { #expect(abs(a.distance - b.distance) <= 50, "\(a) \(b)") }
    }

    @Test func aFITCourseIsReadBackAsWritten() throws {
        let data = Self.course.fitData(start: Date(timeIntervalSince1970: 1_790_000_000))
        let plan = try #require(try CoursePlan.readFIT(data))
        Self.sameCourse(try #require(Course(plan: plan)))
        #expect(plan.places.map(\.type) == ["left", "water", "summit"])
    }

    @Test func aGPXCourseIsReadBackAsWritten() throws {
        let plan = try CoursePlan.read(Data(Self.course.gpxText.utf8)).get()
        Self.sameCourse(try #require(Course(plan: plan)))
    }

    @Test func aPlaceAlongTheCourseIsBetweenItsPoints() {
        let middle = Self.course.position(at: 1_250)
        #expect(abs(middle.latitude - (45 + 1_250 / 111_132)) < 1e-6 && middle.longitude == 6)
        let before = Self.course.position(at: -5), after = Self.course.position(at: 9_000)
        #expect(before.latitude == Self.course.points[0].latitude && before.longitude == 6)
        #expect(after.latitude == Self.course.points[20].latitude && after.longitude == 6)
    }

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func garminsSDKReadsOurCourseFiles() throws {
        let url = Scratch.url("course", extension: "fit")
        try Self.course.fitData(start: Date(timeIntervalSince1970: 1_790_000_000)).write(to: url)
        let output = try ExternalTool.python("""
            import sys, json
            from garmin_fit_sdk import Decoder, Stream
            m, errors = Decoder(Stream.from_file(sys.argv[1])).read()
            print(json.dumps({'errors': [str(e) for e in errors], 'type': m['file_id_mesgs'][0]['type'], 'name': m['course_mesgs'][0]['name'],
                              'records': len(m['record_mesgs']), 'last': m['record_mesgs'][-1]['distance'],
                              'lap': m['lap_mesgs'][0]['total_distance'],
                              'points': [[p['type'], p.get('name'), p['distance']] for p in m['course_point_mesgs']]}))
            """, [url.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect((json["errors"] as? [String])?.isEmpty == true)
        #expect(json["type"] as? String == "course" && json["name"] as? String == "Col & test")
        #expect(json["records"] as? Int == 21)
        let last = try #require(json["last"] as? Double)
        #expect(abs(last - Self.course.length) < 0.01 && abs((json["lap"] as? Double ?? 0) - Self.course.length) < 0.01)
        let points = try #require(json["points"] as? [[Any]])
        #expect(points.map { $0[0] as? String } == ["left", "water", "summit"])
        #expect(points.map { $0[1] as? String } == ["Left at the chalet", nil, "Top"])
        #expect(abs((points[1][2] as? Double ?? 0) - 1_250) < 0.01)
    }
}
