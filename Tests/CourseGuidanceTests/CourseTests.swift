import Foundation
import Testing
import CourseGuidance
import WorkoutFormats

@Suite struct CourseTests {
    @Test func aPlansPlacesBecomeCuesAtTheNearestPointsDistance() throws {
        // 2 km north in 10-m steps; a left turn 20 m beside the 1-km point, water at the end, a café 5 km away.
        var plan = CoursePlan()
        plan.points = (0...200).map { step -> (latitude: Double, longitude: Double, altitude: Double?) in
            let place = Plane.place(0, Double(step) * 10)
            return (place.latitude, place.longitude, nil)
        }
        let turn = Plane.place(20, 1_000), water = Plane.place(0, 2_000), far = Plane.place(5_000, 1_000)
        plan.places = [CoursePlan.Place(latitude: water.latitude, longitude: water.longitude, name: "Fountain", type: "Drinking Water"),
                       CoursePlan.Place(latitude: turn.latitude, longitude: turn.longitude, name: "Onto the dyke", type: "Left"),
                       CoursePlan.Place(latitude: far.latitude, longitude: far.longitude, name: "Café", type: "Food")]
        let course = try #require(Course(plan: plan))
        #expect(course.cues.map(\.kind) == [.left, .water], "sorted by distance, the café out of reach")
        #expect(abs(course.cues[0].distance - 1_000) < 2 && abs(course.cues[1].distance - 2_000) < 2)
        #expect(course.cues.map(\.name) == ["Onto the dyke", "Fountain"])
    }

    @Test func aPlacePassedTwiceGoesToThePassAfterTheCueBeforeIt() throws {
        // 1 km north and back in 10-m steps: a left 15 m beside the road at 300 m, the turn at the top, a right beside
        // the road at 300 m again, listed in the order ridden: the right is on the way back, 1,700 m along.
        var plan = CoursePlan()
        plan.points = (0...200).map { step -> (latitude: Double, longitude: Double, altitude: Double?) in
            let place = Plane.place(0, Double(step <= 100 ? step : 200 - step) * 10)
            return (place.latitude, place.longitude, nil)
        }
        let beside = Plane.place(15, 300), top = Plane.place(0, 1_000)
        plan.places = [CoursePlan.Place(latitude: beside.latitude, longitude: beside.longitude, name: "Out", type: "Left"),
                       CoursePlan.Place(latitude: top.latitude, longitude: top.longitude, name: "Top", type: "U-Turn"),
                       CoursePlan.Place(latitude: beside.latitude, longitude: beside.longitude, name: "Back", type: "Right")]
        let course = try #require(Course(plan: plan))
        #expect(course.cues.map(\.name) == ["Out", "Top", "Back"])
        #expect(course.cues.map { ($0.distance).rounded() } == [300, 1_000, 1_700], "\(course.cues)")
        // Listed first, the same place goes to the first pass.
        plan.places = [plan.places[2]]
        #expect(try #require(Course(plan: plan)).cues.map { ($0.distance).rounded() } == [300])
    }

    @Test func filesWordsNameTheirKinds() {
        let words: [(String?, Course.Cue.Kind)] = [("Left", .left), ("SLIGHT_RIGHT", .right), ("Straight", .straight), ("U-Turn", .uTurn),
                                                    ("Summit", .summit), ("Drinking Water", .water), ("Restaurant", .food), ("Danger", .danger),
                                                    ("First Aid", .firstAid), ("Flag, Blue", .generic), (nil, .generic)]
        for (text, kind) in words { #expect(Course.Cue.Kind(fileType: text) == kind, "\(text ?? "nil")") }
    }

    /// 2 km north, a point every 100 m: flat to 500 m, 8 m up each 100 m to 1.5 km, flat again. The grade is the
    /// climb over 100 m centred on the place, so a trainer meets the climb's start and end halfway.
    @Test func theGradeIsTheClimbOverAWindowCentredOnThePlace() throws {
        let positions = (0...20).map { step -> (latitude: Double, longitude: Double, altitude: Double?) in
            let place = Plane.place(0, Double(step) * 100)
            return (place.latitude, place.longitude, 100 + 8 * Double(min(max(step - 5, 0), 10)))
        }
        let course = try #require(Course(positions: positions))
        func grade(_ distance: Double) -> Double? { course.grade(at: distance).map { ($0 * 100).rounded() / 100 } }
        #expect(grade(250) == 0)
        #expect(grade(500) == 4, "half flat, half climbing")
        #expect(grade(1_000) == 8)
        #expect(grade(1_500) == 4)
        #expect(grade(-20) == 0 && grade(5_000) == 0, "held inside the course")
        #expect(course.grade(at: 1_000, over: 1_000).map { ($0 * 100).rounded() / 100 } == 8)
        let flat = try #require(Course(positions: positions.map { ($0.latitude, $0.longitude, nil) }))
        #expect(flat.grade(at: 1_000) == nil, "no altitudes, no grade")
    }
}
