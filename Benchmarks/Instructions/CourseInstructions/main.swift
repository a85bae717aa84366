// What following a course costs, for `Benchmarks/course`: a course of `--kilometres` (a point every 10 m on a
// winding road, a cue every 150 m: 2,000 on 300 km) built from its positions, then a rider at 30 km/h matched
// to it once a second from start to finish, 4 m beside the road. Callgrind counts the matching only (between
// the marks); the wall clock gives the course's load time and each fix's, medians of `--iterations` runs.
//
//     CourseInstructions [--kilometres 300] [--iterations 5]
import CallgrindMarks
import CourseGuidance
import Foundation

var kilometres = 300.0, iterations = 5
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--kilometres": kilometres = arguments.popFirst().flatMap(Double.init) ?? kilometres
    case "--iterations": iterations = arguments.popFirst().flatMap(Int.init) ?? iterations
    default: FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8)); exit(2)
    }
}

/// Metres north and east to degrees from 45° N 6° E.
func place(east: Double, north: Double) -> (Double, Double) { (45 + north / 111_132, 6 + east / 78_847) }
/// The road: north with a bend every 2 km, 300 m either side.
func road(_ along: Double) -> (east: Double, north: Double) { (300 * sin(along / 2_000 * .pi), along) }

let length = kilometres * 1_000
let positions = stride(from: 0.0, through: length, by: 10).map { along -> (latitude: Double, longitude: Double, altitude: Double?) in
    let (east, north) = road(along)
    let (latitude, longitude) = place(east: east, north: north)
    return (latitude, longitude, 500 + 200 * sin(along / 7_000))
}
let cues = stride(from: 150.0, to: length, by: 150).map { Course.Cue(kind: Int($0 / 150) % 2 == 0 ? .left : .right, distance: $0) }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let clock = ContinuousClock()
var loads: [Double] = []
var course: Course!
for _ in 0..<iterations {
    let elapsed = clock.measure { course = Course(positions: positions, cues: cues) }
    loads.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1_000)
}
let fixes = stride(from: 0.0, to: length, by: 30_000.0 / 3_600).map { along -> (Double, Double, Double) in
    let (east, north) = road(along)
    let ahead = road(along + 5)
    let heading = atan2(ahead.east - east, ahead.north - north) * 180 / .pi
    let (latitude, longitude) = place(east: east + 4, north: north)
    return (latitude, longitude, heading < 0 ? heading + 360 : heading)
}
var perFix: [Double] = []
var offCourse = 0
for iteration in 0..<iterations {
    var matcher = CourseMatcher(course: course)
    if iteration == 0 { ohk_callgrind_start() }
    let start = clock.now
    for (index, fix) in fixes.enumerated() {
        if !matcher.match(latitude: fix.0, longitude: fix.1, heading: fix.2, at: Double(index)).onCourse { offCourse += 1 }
    }
    let elapsed = clock.now - start
    if iteration == 0 { ohk_callgrind_stop() }
    perFix.append((Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6) / Double(fixes.count))
}
print("course: \(String(format: "%.0f", length / 1_000)) km, \(course.points.count) points, \(course.cues.count) cues")
print("fixes per iteration: \(fixes.count)")
print("fixes off course: \(offCourse)")
print(String(format: "median course load ms: %.1f", median(loads)))
print(String(format: "median µs per fix: %.3f", median(perFix)))
