import Foundation
import TestSupport
import Testing
import OpenHealthKit

/// Whether the reference implementation (GeographicLib's Python package, installed by Scripts/setup) is available.
let geographicLibAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import geographiclib"]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

@Suite struct GeodesicTests {
    /// Point pairs: random ones from a seeded generator and the hard cases.
    static func pairs() -> [(Double, Double, Double, Double)] {
        var generator = SplitMix64(seed: 2013)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(generator.next() >> 11) / Double(1 << 53)
        }
        var result: [(Double, Double, Double, Double)] = [
            (40.64, -73.78, 1.36, 103.99),          // JFK to Singapore
            (0, 0, 0.5, 179.5),                    // nearly antipodal
            (0, 0, 0, 179.9),                      // antipodal along the equator
            (-30, 0, 29.9, 179.8),                 // nearly antipodal, off the equator
            (89.9, 10, -89.9, -170),               // pole to pole
            (10, 20, 50, 20),                      // along a meridian
            (0, 10, 0, 40),                        // along the equator
            (90, 0, 45, 60),                       // from the pole
            (48.1, 11.5, 48.1, 11.5),              // the same point
            (48.137154, 11.576124, 48.137163, 11.576134), // a 1 Hz step
        ]
        for _ in 0..<2000 {
            result.append((uniform(-90...90), uniform(-180...180), uniform(-90...90), uniform(-180...180)))
        }
        for _ in 0..<500 { // short steps, as a GPS track makes
            let lat = uniform(-80...80), lon = uniform(-180...180)
            result.append((lat, lon, lat + uniform(-0.001...0.001), lon + uniform(-0.001...0.001)))
        }
        return result
    }

    /// GeographicLib's distances for `pairs`, from its Python package: it waits on the helper, so off Swift's
    /// cooperative pool.
    static func reference(_ pairs: [(Double, Double, Double, Double)]) async throws -> [Double] {
        let input = pairs.map { "\($0.0) \($0.1) \($0.2) \($0.3)" }.joined(separator: "\n")
        let reference = try await offThePool { try Self.reference(input) }
        try #require(reference.count == pairs.count)
        return reference
    }

    private static func reference(_ input: String) throws -> [Double] {
        let script = """
            import sys
            from geographiclib.geodesic import Geodesic
            g = Geodesic.WGS84
            for line in sys.stdin:
                a, b, c, d = map(float, line.split())
                print(repr(g.Inverse(a, b, c, d, Geodesic.DISTANCE)['s12']))
            """
        _ = TestRunReaper.started
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.split(separator: "\n").compactMap { Double($0) }
    }

    @Test(.enabled(if: geographicLibAvailable, "needs GeographicLib's Python package (Scripts/setup installs it)"))
    func matchesGeographicLib() async throws {
        let pairs = Self.pairs()
        let reference = try await Self.reference(pairs)
        var worst = 0.0
        for (pair, expected) in zip(pairs, reference) {
            let distance = Geodesic.wgs84.distance(latitude1: pair.0, longitude1: pair.1, latitude2: pair.2, longitude2: pair.3)
            let error = abs(distance - expected)
            worst = max(worst, error)
            #expect(error < 1e-6, "\(pair): \(distance) m, GeographicLib \(expected) m")
        }
        #expect(worst < 1e-6)
    }

    /// Steps up to about 64 m, which are solved without iterating, at every
    /// latitude and bearing, including across the antimeridian and near the poles.
    @Test(.enabled(if: geographicLibAvailable, "needs GeographicLib's Python package (Scripts/setup installs it)"))
    func shortStepsMatchGeographicLibToTheNanometre() async throws {
        var generator = SplitMix64(seed: 1_000_000)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(generator.next() >> 11) / Double(1 << 53)
        }
        var pairs: [(Double, Double, Double, Double)] = [(89.99995, 0, 89.99995, 180), (0, 179.9997, 0, -179.9998)]
        for _ in 0..<3000 {
            let latitude = uniform(-89.9...89.9), longitude = uniform(-180...180)
            let length = uniform(0.05...60), bearing = uniform(0...(2 * .pi))
            let dLatitude = length * cos(bearing) / 111_000
            let dLongitude = length * sin(bearing) / (111_000 * cos(latitude * .pi / 180))
            pairs.append((latitude, longitude, min(90, max(-90, latitude + dLatitude)), longitude + dLongitude))
        }
        let reference = try await Self.reference(pairs)
        // The iterated solution differs from GeographicLib's by up to 1.8 nm on these
        // steps (its arithmetic, not its method); the closed form by up to 2.0 nm.
        for (pair, expected) in zip(pairs, reference) {
            let distance = Geodesic.wgs84.distance(latitude1: pair.0, longitude1: pair.1, latitude2: pair.2, longitude2: pair.3)
            #expect(abs(distance - expected) < 3e-9, "\(pair): \(distance) m, GeographicLib \(expected) m")
        }
    }

    /// A track's steps on the local radii against Karney's solution (itself within nanometres of GeographicLib): under a
    /// micrometre for steps up to 200 m below 60°, under 0.1 mm anywhere in the box they are used in (0.01°, below 80°),
    /// across the antimeridian too; outside the box the geodesic itself answers.
    @Test func aTracksStepsOnTheLocalRadiiAgreeWithTheGeodesic() {
        var generator = SplitMix64(seed: 20_261_126)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(generator.next() >> 11) / Double(1 << 53)
        }
        let g = Geodesic.wgs84
        var worstShort = 0.0, worstBox = 0.0
        for index in 0..<20_000 {
            let short = index.isMultiple(of: 2)
            let latitude = short ? uniform(-60...60) : uniform(-79.99...79.99)
            let longitude = index % 7 == 0 ? uniform(179.995...180) : uniform(-180...180)
            let (dLatitude, dLongitude): (Double, Double)
            if short {
                let length = uniform(0...200), bearing = uniform(0...(2 * .pi))
                (dLatitude, dLongitude) = (length * cos(bearing) / 111_320, length * sin(bearing) / (111_320 * cos(latitude * .pi / 180)))
            } else {
                (dLatitude, dLongitude) = (uniform(-0.00999...0.00999), uniform(-0.00999...0.00999))
            }
            let latitude2 = latitude + dLatitude, longitude2 = longitude + dLongitude
            let error = abs(g.stepDistance(latitude1: latitude, longitude1: longitude, latitude2: latitude2, longitude2: longitude2)
                - g.distance(latitude1: latitude, longitude1: longitude, latitude2: latitude2, longitude2: longitude2))
            if short { worstShort = max(worstShort, error) } else { worstBox = max(worstBox, error) }
        }
        #expect(worstShort < 1e-6, "steps up to 200 m: \(worstShort) m")
        #expect(worstBox < 1e-4, "anywhere in the box: \(worstBox) m")
        // Beyond the box, and near the poles, the geodesic answers: the two agree exactly.
        for (a, b, c, d) in [(48.1, 11.5, 48.2, 11.5), (85.0, 10.0, 85.001, 10.001), (0.0, 0.0, 0.0, 90.0)] {
            #expect(g.stepDistance(latitude1: a, longitude1: b, latitude2: c, longitude2: d) == g.distance(latitude1: a, longitude1: b, latitude2: c, longitude2: d))
        }
    }

    @Test func basicPropertiesHoldWithoutTheReference() {
        let g = Geodesic.wgs84
        #expect(g.distance(latitude1: 48.1, longitude1: 11.5, latitude2: 48.1, longitude2: 11.5) == 0)
        // A quarter of the equator and a quarter meridian: a·π/2 and the meridian quadrant (10,001,965.729 m).
        #expect(abs(g.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 90) - 6_378_137 * Double.pi / 2) < 1e-6)
        #expect(abs(g.distance(latitude1: 0, longitude1: 0, latitude2: 90, longitude2: 0) - 10_001_965.729) < 0.001)
        let ab = g.distance(latitude1: 10, longitude1: 20, latitude2: -35, longitude2: 150)
        let ba = g.distance(latitude1: -35, longitude1: 150, latitude2: 10, longitude2: 20)
        #expect(abs(ab - ba) < 1e-6)
    }
}
