import Foundation
import OpenHealthKit
import ScenarioModel
import TestSupport
import Testing
import WorkoutSources

/// A scenario's athlete following a course: detours, U-turns and tunnels, judged against the simulation's truth.
@Suite(.timeLimit(.minutes(5))) struct ScenarioCourseTests {
    /// 3 km due north from 52° N 5° E, a point every 100 m, a right turn cued at 2 km, water at the end.
    static func courseFile() throws -> String {
        var text = "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
        text += "<wpt lat=\"\(52 + 2_000 / 111_250.0)\" lon=\"5\"><name>Turn</name><type>Right</type></wpt>"
        text += "<wpt lat=\"\(52 + 3_000 / 111_250.0)\" lon=\"5\"><type>Water</type></wpt><trk><name>North</name><trkseg>"
        for step in 0...30 { text += "<trkpt lat=\"\(52 + Double(step) * 100 / 111_250)\" lon=\"5\"><ele>3</ele></trkpt>" }
        let path = Scratch.url("course", extension: "gpx").path
        try (text + "</trkseg></trk></gpx>").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func scenario(_ timeline: String, faults: String = "") throws -> Scenario {
        try Scenario(yaml: """
            activity: cycling
            seed: 3
            course: \(try courseFile())
            sensors:
              gps: {rate: 1, noise: 0, accuracy: 3}
            timeline: \(timeline)
            \(faults)
            """, file: "test.yaml")
    }

    /// When the athlete was off the route, by the simulation: the first and last tick of it.
    static func offRoute(_ scenario: Scenario) -> (first: Double, last: Double)? {
        var simulation = ScenarioSimulation(scenario: scenario)
        var first: Double?, last: Double?
        while let tick = simulation.next() {
            if tick.offRoute > 0 { first = first ?? tick.time; last = tick.time }
        }
        return first.flatMap { first in last.map { (first, $0) } }
    }

    @Test func aDetourIsToldOnItsThirdFixAndTheRiderIsBackOnceOnTheRoadAgain() async throws {
        let scenario = try Self.scenario("[start, {move: {distance: 1km, speed: 10}}, {detour: {off: 200m, speed: 5}}, {move: {distance: 2km, speed: 10}}, stop, end]")
        let truth = try #require(Self.offRoute(scenario))
        // 400 m out and back at 5 m/s (braking from 10 m/s at 2 m/s²): about 80 s off the route.
        #expect(abs(truth.last - truth.first - 80) < 3)
        let result = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore())
        let course = try #require(result.course)
        #expect(course.offCourse.count == 1)
        let excursion = try #require(course.offCourse.first)
        // Three fixes in a row that match nothing (the heading is across the road): the first, then two more.
        #expect(excursion.at == truth.first + 2)
        #expect(excursion.alertDelay == 2)
        // Where the last fix on the road matched: within a second (10 m) of where the detour began.
        #expect(abs(excursion.distanceAlong - 1_000) <= 10)
        // Back on the first fix heading north on the road again.
        let back = try #require(excursion.backAt)
        #expect(back > truth.last && back <= truth.last + 2)
        #expect(course.cues.map(\.kind) == ["right", "water"] && course.cues.first?.name == "Turn")
        #expect(course.onCourse && abs(course.distanceAlongMeters - 3_000) < 25)
        #expect(result.value(forKey: "offCourse.within") == .number(2))
    }

    @Test func aUTurnIsTheWrongWayUntilTheRiderTurnsBack() async throws {
        let scenario = try Self.scenario("[start, {move: {distance: 1km, speed: 8}}, uTurn, {move: {distance: 200m, speed: 8}}, uTurn, {move: {distance: 2.2km, speed: 8}}, stop, end]")
        let result = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore())
        let course = try #require(result.course)
        // Riding south on a course that goes north: off course, along it where the rider turned; no detour, so no delay to judge.
        #expect(course.offCourse.count == 1)
        #expect(abs((course.offCourse.first?.distanceAlong ?? 0) - 1_000) < 30)
        #expect(course.offCourse.first?.alertDelay == nil && course.offCourse.first?.backAt != nil)
        #expect(course.cues.map(\.kind) == ["right", "water"] && course.onCourse)
        #expect(Self.offRoute(scenario) == nil)
    }

    @Test func aTunnelWithoutAFixIsNotLeavingTheCourse() async throws {
        // 90 s without a fix from 1.5 km: 900 m under ground at 10 m/s.
        let scenario = try Self.scenario("[start, {move: {distance: 3km, speed: 10}}, stop, end]", faults: "faults:\n  - gpsLoss: {at: 155s, duration: 90s}")
        let result = try await ScenarioRunner(scenario: scenario).replay(in: temporaryStore())
        let course = try #require(result.course)
        #expect(course.offCourse.isEmpty)
        #expect(course.cues.map(\.kind) == ["right", "water"] && course.onCourse)
        #expect((result.faults.first?.gapSeconds ?? 0) >= 90)
    }

    /// A course through `corners` (metres east and north of 52° N 5° E), a point every 50 m, with waypoints cued at
    /// places given the same way; its path.
    static func courseFile(through corners: [(x: Double, y: Double)], cues: [(x: Double, y: Double, type: String)]) throws -> String {
        func place(_ x: Double, _ y: Double) -> String { "lat=\"\(52 + y / 111_250)\" lon=\"\(5 + x / (111_250 * cos(52 * Double.pi / 180)))\"" }
        var text = "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
        for cue in cues { text += "<wpt \(place(cue.x, cue.y))><type>\(cue.type)</type></wpt>" }
        text += "<trk><trkseg><trkpt \(place(corners[0].x, corners[0].y))/>"
        for (from, to) in zip(corners, corners.dropFirst()) {
            let steps = Int((hypot(to.x - from.x, to.y - from.y) / 50).rounded())
            for step in 1...steps {
                let f = Double(step) / Double(steps)
                text += "<trkpt \(place(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f))/>"
            }
        }
        let path = Scratch.url("course", extension: "gpx").path
        try (text + "</trkseg></trk></gpx>").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A scenario riding all of the course at `path`, at 8 m/s.
    static func ride(course path: String, meters: Int) throws -> Scenario {
        try Scenario(yaml: """
            activity: cycling
            seed: 5
            course: \(path)
            sensors:
              gps: {rate: 1, noise: 0, accuracy: 3}
            timeline: [start, {move: {distance: \(meters)m, speed: 8}}, stop, end]
            """, file: "test.yaml")
    }

    /// 1.5 km north and back on the same road, a left cued 500 m out and a right 500 m from home: the way back is
    /// the road's other leg by the heading, so nothing is off course and the cues come in their order.
    @Test func anOutAndBackIsFollowedOnBothLegsWithItsCuesInOrder() async throws {
        let path = try Self.courseFile(through: [(0, 0), (0, 1_500), (0, 0)], cues: [(0, 500, "Left"), (0, 1_500, "Water"), (0, 490, "Right")])
        let result = try await ScenarioRunner(scenario: try Self.ride(course: path, meters: 3_000)).replay(in: temporaryStore())
        let course = try #require(result.course)
        #expect(course.offCourse.isEmpty)
        #expect(course.cues.map(\.kind) == ["left", "water", "right"], "\(course.cues)")
        #expect(course.onCourse && abs(course.distanceAlongMeters - 3_000) < 25, "\(course.distanceAlongMeters)")
    }

    /// A loop that crosses itself: north 1 km, east 300 m, south 500 m, west 600 m across the first leg at 2.1 km
    /// along, south 500 m. At the crossing the rider stays on the leg ridden (2.1 km along, not 0.5 km): nothing off
    /// course, the cues in order, and the end 2.9 km along.
    @Test func aLoopThatCrossesItselfIsFollowedOnTheLegRidden() async throws {
        let path = try Self.courseFile(through: [(0, 0), (0, 1_000), (300, 1_000), (300, 500), (-300, 500), (-300, 0)],
                                       cues: [(0, 1_000, "Right"), (300, 500, "Right"), (-300, 500, "Left")])
        let result = try await ScenarioRunner(scenario: try Self.ride(course: path, meters: 2_900)).replay(in: temporaryStore())
        let course = try #require(result.course)
        #expect(course.offCourse.isEmpty)
        #expect(course.cues.map(\.kind) == ["right", "right", "left"], "\(course.cues)")
        #expect(course.onCourse && abs(course.distanceAlongMeters - 2_900) < 25, "\(course.distanceAlongMeters)")
    }

    @Test(arguments: [
        ("[start, uTurn, uTurn, {detour: {off: 0.5m, speed: 5}}, stop, end]", "a detour goes 1 m to 50 km off the route"),
        ("[start, {detour: {off: 100m}}, stop, end]", "a detour needs a target"),
        ("[uTurn, start, stop, end]", "`uTurn` comes while the session runs"),
    ])
    func detoursAndUTurnsAreCheckedWhereTheyAreWritten(timeline: String, message: String) {
        #expect {
            _ = try Self.scenario(timeline)
        } throws: { error in
            (error as? ScenarioError)?.message.hasPrefix(message) == true
        }
    }
}
