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

    @Test func theClimbLineSaysWhatIsLeftOfTheClimbUnderWayOrWhereTheNextStarts() throws {
        // 5 km north: level at 100 m to 2 km, then 8 % to 260 m at 4 km, level after; a point every 100 m.
        let altitude: (Double) -> Double = { 100 + 0.08 * min(2_000, max(0, $0 - 2_000)) }
        let hill = try #require(Course(positions: (0...50).map { (52 + Double($0) * 100 / 111_250, 5.0, altitude(Double($0) * 100)) }))
        var navigation = CourseNavigation(course: hill)
        var count = 0
        func ride(to north: Double) {
            count += 1
            _ = navigation.take(fix(north: north, course: 0, second: Double(count)), count: count)
        }
        #expect(navigation.climbLine == nil, "no line before a fix")
        for north in stride(from: 0.0, through: 1_000, by: 5) { ride(to: north) }
        // The climb, as `course show` finds it: it starts and ends where its smoothing puts them.
        let climb = try #require(Climb.climbs(of: hill).first)
        #expect(navigation.climbLine == String(format: "next climb in %.2f km: %.2f km at %.1f %%, +%.0f m (cat %@)",
                                               (climb.start - 1_000) / 1_000, climb.length / 1_000, climb.grade, climb.gain, climb.category))
        for north in stride(from: 1_005.0, through: 3_000, by: 5) { ride(to: north) }
        // Halfway up: 80 m left over 1 km of the course's own altitudes, at 8 %.
        let left = climb.end - 3_000
        let gain = altitude(climb.end) - altitude(3_000)
        #expect(navigation.climbLine == String(format: "CLIMB 1/1 (cat %@)  %.2f km to the top, +%.0f m at %.1f %%", climb.category, left / 1_000, gain, gain / left * 100))
        // The smoothed climb ends a little past the 8 % road, so what is left averages a little under 8 %.
        #expect(abs(gain - 80) < 15 && gain / left * 100 > 6.5 && gain / left * 100 <= 8.01)
        for north in stride(from: 3_005.0, through: 4_900, by: 5) { ride(to: north) }
        #expect(navigation.climbLine == nil, "no climb ahead")
        // Between points, and held at the ends (the points are geodesic metres apart, a hair over 100).
        #expect(abs((hill.altitude(at: 2_500) ?? 0) - 140) < 0.5 && hill.altitude(at: -10) == 100 && hill.altitude(at: 99_999) == 260)
    }

    @Test func theEndOfTheCourseIsSaidOnceAndNoCueIsNextAfterIt() throws {
        // A food stop cued 2 m before the end of the 2 km course.
        let fed = try #require(Course(positions: (0...20).map { (52 + Double($0) * 100 / 111_250, 5.0, nil) },
                                      cues: [Course.Cue(kind: .food, distance: Self.course.length - 2, name: nil)]))
        var navigation = CourseNavigation(course: fed)
        var events: [String] = []
        var count = 0
        for second in 0...396 {
            count += 1
            if let event = navigation.take(fix(north: Double(second) * 5, course: 0, second: Double(second)), count: count) { events.append(event) }
            if second == 390 { #expect(navigation.line?.contains("next: food in") == true, "\(navigation.line ?? "")") }
        }
        #expect(navigation.finished)
        #expect(events == [String(format: "course finished: %.2f km", fed.length / 1_000)], "\(events)")
        #expect(navigation.line == String(format: "COURSE finished, %.2f km", fed.length / 1_000))
        #expect(navigation.climbLine == nil)
        // Riding on past the end says nothing more.
        count += 1
        #expect(navigation.take(fix(north: 2_010, course: 0, second: 402), count: count) == nil)
    }
}
