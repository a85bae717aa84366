import Foundation
import Testing
import CourseGuidance

/// Courses and rides laid out in metres east and north of a place near Utrecht (52° N, 5° E), converted with the
/// same local metres-per-degree the matcher uses, so distances below are exact to well under a metre.
struct Plane {
    static let latitude = 52.0, longitude = 5.0
    static let perDegreeLatitude = LocalPlane(latitude: latitude).metresPerDegreeLatitude
    static let perDegreeLongitude = LocalPlane(latitude: latitude).metresPerDegreeLongitude

    static func place(_ east: Double, _ north: Double) -> (latitude: Double, longitude: Double) {
        (latitude + north / perDegreeLatitude, longitude + east / perDegreeLongitude)
    }

    /// A course through corners (metres east, north), with a point every 10 m between them.
    static func course(_ corners: [(Double, Double)], altitude: ((Double) -> Double)? = nil, cues: [Course.Cue] = []) -> Course {
        var positions: [(latitude: Double, longitude: Double, altitude: Double?)] = []
        var along = 0.0
        for (from, to) in zip(corners, corners.dropFirst()) {
            let length = hypot(to.0 - from.0, to.1 - from.1), steps = max(1, Int((length / 10).rounded()))
            for step in 0..<steps {
                let f = Double(step) / Double(steps)
                let p = place(from.0 + f * (to.0 - from.0), from.1 + f * (to.1 - from.1))
                positions.append((p.latitude, p.longitude, altitude?(along + f * length)))
            }
            along += length
        }
        let end = place(corners.last!.0, corners.last!.1)
        positions.append((end.latitude, end.longitude, altitude?(along)))
        return Course(positions: positions, cues: cues)!
    }
}

@Suite struct CourseMatcherTests {
    /// 10 km due north, a left turn cued at 1,500 m.
    let straight = Plane.course([(0, 0), (0, 10_000)], cues: [Course.Cue(kind: .left, distance: 1_500, name: "Left onto the dyke")])

    func fix(_ matcher: inout CourseMatcher, _ east: Double, _ north: Double, heading: Double?, at time: Double) -> CourseMatcher.Position {
        let place = Plane.place(east, north)
        return matcher.match(latitude: place.latitude, longitude: place.longitude, heading: heading, at: time)
    }

    @Test func aRiderOnTheCourseIsFollowedWithTheDistanceToGoAndTheNextCue() {
        #expect(abs(straight.length - 10_000) < 5, "the course's geodesic length: \(straight.length)")
        var matcher = CourseMatcher(course: straight)
        var positions: [CourseMatcher.Position] = []
        // 5 m/s, 3 m to the side of the road.
        for second in 0...200 { positions.append(fix(&matcher, 3, Double(second) * 5, heading: 0, at: Double(second))) }
        #expect(positions.allSatisfy(\.onCourse) && positions.allSatisfy { $0.event == nil })
        let errors = positions.enumerated().map { abs($0.element.distanceAlong - Double($0.offset) * 5) }
        #expect(errors.max()! < 5, "the largest error along: \(errors.max()!) m")
        let last = positions[200]
        #expect(abs(last.distanceToGo - (straight.length - 1_000)) < 5)
        #expect(last.nextCue?.cue.kind == .left && abs((last.nextCue?.distance ?? 0) - 500) < 5)
    }

    @Test func leavingTheCourseIsToldOnTheThirdFixAndComingBackOnTheFirst() {
        var matcher = CourseMatcher(course: straight)
        var time = 0.0
        for north in stride(from: 0.0, through: 2_000, by: 5) {
            _ = fix(&matcher, 0, north, heading: 0, at: time)
            time += 1
        }
        // East at 5 m/s for 40 s, to 200 m off: the heading no longer agrees, so the first three fixes miss and the third tells.
        var events: [(Double, CourseMatcher.Event)] = []
        var off: CourseMatcher.Position?
        for second in 1...40 {
            let position = fix(&matcher, Double(second) * 5, 2_000, heading: 90, at: time)
            if let event = position.event { events.append((Double(second), event)) }
            if second == 40 { off = position }
            time += 1
        }
        #expect(events.count == 1 && events.first?.0 == 3, "\(events)")
        if case .offCourse(let distance, let bearing) = events.first?.1 {
            #expect(abs(distance - 15) < 0.5 && abs(bearing - 270) < 0.5, "15 m east of the road, the way back due west: \(distance) m, \(bearing)°")
        } else {
            Issue.record("no off-course alert: \(events)")
        }
        #expect(off?.onCourse == false && abs((off?.wayBack?.distance ?? 0) - 200) < 0.5 && abs(off!.distanceAlong - 2_000) < 10)
        // Back west to the road, still heading west: not yet on course; then north again: back on course at once.
        for second in 1...40 {
            #expect(fix(&matcher, 200 - Double(second) * 5, 2_000, heading: 270, at: time).onCourse == false)
            time += 1
        }
        let back = fix(&matcher, 0, 2_005, heading: 0, at: time)
        #expect(back.onCourse && back.event == .backOnCourse && abs(back.distanceAlong - 2_005) < 5)
    }

    @Test func anOutAndBacksTwoLegsAreToldApartByTheHeading() {
        // 5 km north and back on the same road.
        let course = Plane.course([(0, 0), (0, 5_000), (0, 0)])
        var outward = CourseMatcher(course: course), homeward = CourseMatcher(course: course)
        #expect(abs(fix(&outward, 0, 4_000, heading: 0, at: 0).distanceAlong - 4_000) < 10)
        #expect(abs(fix(&homeward, 0, 4_000, heading: 180, at: 0).distanceAlong - 6_000) < 10)
    }

    @Test func aLoopThatCrossesItselfIsMatchedOnTheLegTheRiderIsOn() {
        // North 2 km, to (1 km, 1 km), then west 2 km: the last leg crosses the first at (0, 1 km), 4,414 m along.
        let course = Plane.course([(0, 0), (0, 2_000), (1_000, 1_000), (-1_000, 1_000)])
        var first = CourseMatcher(course: course)
        #expect(abs(fix(&first, 0, 1_000, heading: 0, at: 0).distanceAlong - 1_000) < 10)
        // Ridden on from the second corner, heading west through the crossing.
        var second = CourseMatcher(course: course)
        var time = 0.0
        for east in stride(from: 1_000.0, through: 100, by: -5) {
            _ = fix(&second, east, 1_000, heading: 270, at: time)
            time += 1
        }
        let crossing = fix(&second, 0, 1_000, heading: 270, at: time)
        #expect(crossing.onCourse && abs(crossing.distanceAlong - (2_000 + 1_000 * 2.squareRoot() + 1_000)) < 10, "\(crossing.distanceAlong)")
    }

    @Test func aTunnelsGapIsBridgedWhereTheRiderComesOut() {
        var matcher = CourseMatcher(course: straight)
        for second in 0...100 { _ = fix(&matcher, 0, Double(second) * 10, heading: 0, at: Double(second)) }
        // 2 km without a fix at 10 m/s, then out of the tunnel 3 km along.
        let out = fix(&matcher, 0, 3_000, heading: 0, at: 300)
        #expect(out.onCourse && out.event == nil && abs(out.distanceAlong - 3_000) < 10)
    }

    @Test func aUTurnIsTheWrongWay() {
        var matcher = CourseMatcher(course: straight)
        for second in 0...100 { _ = fix(&matcher, 0, Double(second) * 5, heading: 0, at: Double(second)) }
        let turned = (1...3).map { fix(&matcher, 0, 500 - Double($0) * 5, heading: 180, at: 100 + Double($0)) }
        #expect(turned.map(\.onCourse) == [true, true, false])
        #expect(turned.last?.event.map { if case .offCourse = $0 { true } else { false } } == true)
    }
}
