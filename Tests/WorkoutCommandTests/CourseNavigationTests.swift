import CourseGuidance
import Foundation
import OpenHealthKit
import Testing
@testable import workout

/// A recording's guidance along a course, fix by fix, as `record --course` feeds it from the data source: the
/// navigation line the dashboard draws and the events it logs.
@Suite struct CourseNavigationTests {
    /// 2 km due north from 52° N 5° E, a point every 100 m, a right turn cued at 1,200 m.
    static let course = Course(positions: (0...20).map { (52 + Double($0) * 100 / 111_250, 5.0, nil) },
                               cues: [Course.Cue(kind: .right, distance: 1_200, name: "Onto the dyke")])!

    func fix(north: Double, east: Double = 0, course heading: Double, speed: Double = 5, second: Double) -> CLLocation {
        CLLocation(coordinate: CLLocationCoordinate2D(latitude: 52 + north / 111_250, longitude: 5 + east / 68_500), altitude: 0, horizontalAccuracy: 4,
                   verticalAccuracy: 4, course: heading, speed: speed, timestamp: Date(timeIntervalSince1970: 1_790_000_000 + second))
    }

    @Test func theLineSaysAlongToGoAndTheNextCueThenOffCourseWithTheWayBack() throws {
        var navigation = CourseNavigation(course: Self.course)
        #expect(navigation.line == nil, "no line before a fix")
        var count = 0
        for second in 0...200 {
            count += 1
            #expect(navigation.take(fix(north: Double(second) * 5, course: 0, second: Double(second)), count: count) == nil)
        }
        let line = try #require(navigation.line)
        #expect(line.hasPrefix("COURSE 1.00 km, 1.") && line.hasSuffix("next: right in 200 m (Onto the dyke)"), "\(line)")
        // The same fix again (no new one from the data source) is not matched twice.
        #expect(navigation.take(fix(north: 1_000, course: 0, second: 200), count: count) == nil)
        // East, off the road: the third fix tells, 15 m away, the way back due west.
        var events: [String] = []
        for step in 1...6 {
            count += 1
            if let event = navigation.take(fix(north: 1_000, east: Double(step) * 5, course: 90, second: 200 + Double(step)), count: count) { events.append(event) }
        }
        #expect(events == ["off course at 1.00 km: 15 m away, back on 270°"])
        #expect(navigation.line?.hasPrefix("OFF COURSE  30 m away, back on 270°") == true, "\(navigation.line ?? "")")
        // Standing (under 1 m/s), the heading is not trusted: back on the road, the rider is on course again.
        count += 1
        #expect(navigation.take(fix(north: 1_000, course: 90, speed: 0, second: 210), count: count) == "back on course at 1.00 km")
    }
}
