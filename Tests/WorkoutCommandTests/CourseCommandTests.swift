import Foundation
import TestSupport
import Testing

/// `workout course show|follow` on GPX files written here: a 3-km course due north with a 150-m rise, and rides along it.
@Suite(.timeLimit(.minutes(10))) struct CourseCommandTests {
    /// A GPX track through (metres east, metres north, altitude) from 52° N 5° E, a point every `step` seconds.
    static func gpx(_ points: [(Double, Double, Double)]) -> String {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        for (index, point) in points.enumerated() {
            let latitude = 52 + point.1 / 111_250, longitude = 5 + point.0 / (111_250 * cos(52 * Double.pi / 180))
            let time = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(index)))
            text += "<trkpt lat=\"\(String(format: "%.7f", latitude))\" lon=\"\(String(format: "%.7f", longitude))\"><ele>\(point.2)</ele><time>\(time)</time></trkpt>"
        }
        return text + "</trkseg></trk></gpx>"
    }

    /// `count` + 1 points `spacing` metres apart from (`east`, `north`), heading `dx`, `dy` (unit steps), at `altitude`.
    static func line(from east: Double, _ north: Double, dx: Double, dy: Double, count: Int, spacing: Double,
                     altitude: (Double) -> Double = { _ in 10 }) -> [(Double, Double, Double)] {
        var points: [(Double, Double, Double)] = []
        for step in 0...count {
            let along = Double(step) * spacing
            points.append((east + dx * along, north + dy * along, altitude(along)))
        }
        return points
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = Scratch.url(name, extension: "gpx").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCoursesClimbIsShownAndARideThatLeavesAndRejoinsItIsFollowed() async throws {
        // The course: 3.5 km north, a point every 10 m; level at 10 m to 1 km, 7.5 % to 160 m at 3 km, level after.
        let rise: (Double) -> Double = { along in 10 + 0.075 * min(2_000, max(0, along - 1_000)) }
        let course = try write(Self.gpx(Self.line(from: 0, 0, dx: 0, dy: 1, count: 350, spacing: 10, altitude: rise)), "course")
        let shown = try await WorkoutProcess.run(["course", "show", course])
        #expect(shown.status == 0, "\(shown.stderr)")
        // 150 m of gain: a score of 15,000, category 4.
        #expect(shown.stdout.contains("+150 m  score 15000  category 4"), "\(shown.stdout)")

        // The ride: 5 m/s north to 1 km, 60 s east to 300 m off, back west, then on to the end.
        let toTheTurn = Self.line(from: 0, 0, dx: 0, dy: 1, count: 200, spacing: 5)
        let east = Array(Self.line(from: 0, 1_000, dx: 1, dy: 0, count: 60, spacing: 5).dropFirst())
        let west = Array(Self.line(from: 300, 1_000, dx: -1, dy: 0, count: 60, spacing: 5).dropFirst())
        let onward = Array(Self.line(from: 0, 1_000, dx: 0, dy: 1, count: 400, spacing: 5).dropFirst())
        let ride = toTheTurn + east + west + onward
        let followed = try await WorkoutProcess.run(["course", "follow", course, try write(Self.gpx(ride), "ride")])
        #expect(followed.status == 0, "\(followed.stderr)")
        let lines = followed.stdout.split(separator: "\n").map(String.init)
        // Off on the third fix east (15 m off, back due west); back on the first fix north again, at 1,005 m.
        #expect(lines.count == 3, "\(followed.stdout)")
        #expect(lines.first == "0:03:23  off course at 1.00 km: 15 m away, back on 270°", "\(followed.stdout)")
        #expect(lines.dropFirst().first == "0:05:21  back on course at 1.01 km", "\(followed.stdout)")
        #expect(lines.last == "end  on course at 3.00 km of 3.50 km, 0.50 km to go", "\(followed.stdout)")

        // A ride that ends off the course says so, with exit status 1.
        let lostRide = try write(Self.gpx(toTheTurn + east), "lost")
        let lost = try await WorkoutProcess.run(["course", "follow", course, lostRide])
        #expect(lost.status == 1 && lost.stdout.contains("end  off course at 1.00 km"), "\(lost.stdout)")
    }

    @Test func coursesAreKeptBesideTheStoreAndFoundByName() async throws {
        let folder = Scratch.url("course-library")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("health.sqlite").path
        let rise: (Double) -> Double = { along in 10 + 0.075 * min(2_000, max(0, along - 1_000)) }
        let course = try write(Self.gpx(Self.line(from: 0, 0, dx: 0, dy: 1, count: 350, spacing: 10, altitude: rise)), "hill")
        let empty = try await WorkoutProcess.run(["course", "list", "--store", store])
        #expect(empty.stdout == "No course kept yet: `workout course import FILE` keeps one.\n", "\(empty.stdout)")
        let kept = try await WorkoutProcess.run(["course", "import", course, "--name", "Dyke & hill", "--store", store])
        #expect(kept.status == 0 && kept.stdout.hasPrefix("Kept Dyke & hill: 3.50 km, 0 cues, as \(folder.path)/courses/dyke-hill.gpx"), "\(kept.stdout)\(kept.stderr)")
        let again = try await WorkoutProcess.run(["course", "import", course, "--name", "Dyke & hill", "--store", store])
        #expect(again.status != 0 && again.stderr.contains("a course named dyke-hill is kept already; give --replace"), "\(again.stderr)")
        #expect(try await WorkoutProcess.run(["course", "import", course, "--name", "Dyke & hill", "--replace", "--store", store]).status == 0)
        let listed = try await WorkoutProcess.run(["course", "list", "--store", store])
        #expect(listed.stdout.split(separator: "\n").dropFirst().first == "Dyke & hill  3.50 km  0     1", "\(listed.stdout)")
        // By name, as by file: the same course, its climb included.
        let shown = try await WorkoutProcess.run(["course", "show", "Dyke & hill", "--store", store])
        #expect(shown.status == 0 && shown.stdout.hasPrefix("Dyke & hill: 3.50 km") && shown.stdout.contains("+150 m  score 15000  category 4"), "\(shown.stdout)")
        let unknown = try await WorkoutProcess.run(["course", "show", "Alpe", "--store", store])
        #expect(unknown.status != 0 && unknown.stderr.contains("Alpe: no such file, and no course of that name is kept (kept: Dyke & hill)."), "\(unknown.stderr)")
        let memory = try await WorkoutProcess.run(["course", "list", "--store", ":memory:"])
        #expect(memory.status != 0 && memory.stderr.contains("a store in memory keeps no courses"), "\(memory.stderr)")
    }
}
