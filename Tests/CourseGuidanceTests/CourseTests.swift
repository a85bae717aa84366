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

    @Test func filesWordsNameTheirKinds() {
        let words: [(String?, Course.Cue.Kind)] = [("Left", .left), ("SLIGHT_RIGHT", .right), ("Straight", .straight), ("U-Turn", .uTurn),
                                                    ("Summit", .summit), ("Drinking Water", .water), ("Restaurant", .food), ("Danger", .danger),
                                                    ("First Aid", .firstAid), ("Flag, Blue", .generic), (nil, .generic)]
        for (text, kind) in words { #expect(Course.Cue.Kind(fileType: text) == kind, "\(text ?? "nil")") }
    }
}
