import Foundation
import Testing
import OpenHealthKit
import TestSupport

@Suite struct DistanceAccumulatorTests {
    /// A northbound track at 5 m/s for 600 s, a 300 s stop, then 600 s more, at 1 Hz.
    /// Positions jitter with σ = 3 m per axis during the stop only (as in the peers' measurement).
    static func track(doppler: Bool, seed: UInt64 = 11) -> (fixes: [CLLocation], truth: Double) {
        var generator = SplitMix64(seed: seed)
        func normal() -> Double {
            let u1 = max(Double(generator.next() >> 11) / Double(1 << 53), 1e-12), u2 = Double(generator.next() >> 11) / Double(1 << 53)
            return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        }
        let metersPerDegreeLatitude = 111_200.0
        var fixes: [CLLocation] = []
        var northing = 0.0
        for second in 0..<1500 {
            let stopped = (600..<900).contains(second)
            if !stopped && second > 0 { northing += 5 }
            let jitterNorth = stopped ? 3 * normal() : 0, jitterEast = stopped ? 3 * normal() : 0
            let latitude = 48 + (northing + jitterNorth) / metersPerDegreeLatitude
            let longitude = 11 + jitterEast / (111_320 * cos(48 * Double.pi / 180))
            let speed = doppler ? (stopped ? abs(0.1 * normal()) : 5 + 0.1 * normal()) : -1
            fixes.append(CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 500,
                                    horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: speed, timestamp: at(Double(second))))
        }
        let truth = Geodesic.wgs84.distance(latitude1: 48, longitude1: 11, latitude2: 48 + northing / metersPerDegreeLatitude, longitude2: 11)
        return (fixes, truth)
    }

    @Test func jitterWhileStoppedAddsNothingWithDopplerSpeed() {
        let (fixes, truth) = Self.track(doppler: true)
        var accumulator = DistanceAccumulator()
        var duringStop = 0.0
        for fix in fixes {
            if let segment = accumulator.add(fix), segment.end > at(600), segment.end <= at(899) { duringStop += segment.meters }
        }
        #expect(duringStop == 0)
        #expect(abs(accumulator.total - truth) / truth < 0.005, "counted \(accumulator.total) m of \(truth) m")
        // Without the gates the same track overcounts.
        let raw = zip(fixes, fixes.dropFirst()).reduce(0.0) { sum, pair in
            sum + Geodesic.wgs84.distance(latitude1: pair.0.coordinate.latitude, longitude1: pair.0.coordinate.longitude,
                                          latitude2: pair.1.coordinate.latitude, longitude2: pair.1.coordinate.longitude)
        }
        #expect(raw > truth * 1.1, "raw sum \(raw) m")
    }

    @Test func theMinimumStepRuleCopesWithoutDopplerSpeed() {
        let (fixes, truth) = Self.track(doppler: false)
        var accumulator = DistanceAccumulator()
        for fix in fixes { _ = accumulator.add(fix) }
        #expect(abs(accumulator.total - truth) / truth < 0.01, "counted \(accumulator.total) m of \(truth) m")
    }

    @Test func outliersGapsAndPoorFixesAddNothing() {
        func fix(_ second: Double, north meters: Double, accuracy: Double = 4) -> CLLocation {
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + meters / 111_200, longitude: 11), altitude: 500,
                       horizontalAccuracy: accuracy, verticalAccuracy: 6, course: 0, speed: 5, timestamp: at(second))
        }
        var accumulator = DistanceAccumulator()
        #expect(accumulator.add(fix(0, north: 0)) == nil)
        #expect(accumulator.add(fix(1, north: 5)) != nil)
        #expect(accumulator.add(fix(2, north: 2000)) == nil)            // 2 km in a second: an outlier
        #expect(accumulator.add(fix(2, north: 10, accuracy: 80)) == nil) // too inaccurate
        #expect(accumulator.add(fix(1, north: 7)) == nil)                // not later than the last accepted fix
        let step = accumulator.add(fix(2, north: 10))
        #expect(abs((step?.meters ?? 0) - 5) < 0.01)
        #expect(accumulator.add(fix(62, north: 310)) == nil)             // a 300 m jump after a tunnel: a new stretch
        #expect(accumulator.add(fix(63, north: 315)) != nil)
        #expect(abs(accumulator.total - 15) < 0.05)
    }
    /// gpsd's own fixes from one of its regression captures (the `.json` beside each log is what gpsd
    /// emitted replaying it), as the GPS source hands them on: accuracy from `eph`, else the larger of
    /// `epx` and `epy`, else 0 (unknown); the speed, or -1 without one. `speed` replaces the receiver's speed when given.
    static func gpsdFixes(_ name: String, speed: Double? = nil) throws -> [CLLocation] {
        let text = try String(contentsOf: SharedData.file("gpsd-logs/\(name).json"), encoding: .utf8)
        var fixes: [CLLocation] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let report = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], report["class"] as? String == "TPV",
                  (report["mode"] as? Int ?? 0) >= 2, let latitude = report["lat"] as? Double, let longitude = report["lon"] as? Double,
                  let time = (report["time"] as? String).flatMap({ try? Date($0, strategy: .iso8601) })
            else { continue }
            let accuracy = report["eph"] as? Double ?? max(report["epx"] as? Double ?? 0, report["epy"] as? Double ?? 0)
            fixes.append(CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                                    horizontalAccuracy: accuracy, verticalAccuracy: -1, course: -1,
                                    speed: speed ?? (report["speed"] as? Double ?? -1), timestamp: time))
        }
        return fixes
    }

    static func total(_ fixes: [CLLocation]) -> Double {
        var accumulator = DistanceAccumulator()
        for fix in fixes { _ = accumulator.add(fix) }
        return accumulator.total
    }

    /// A powerboat (gpsd's humminbird-M37 capture, 3 m/s up the Connecticut River) whose speed field reads 0
    /// while its fixes advance steadily records the distance of its fixes: the positions overrule the speed.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping gpsd's captures"))
    func fixesAdvancingWhileTheSpeedReadsZeroStillCount() throws {
        let fixes = try Self.gpsdFixes("humminbird-M37")
        let withSpeed = Self.total(fixes)
        #expect(withSpeed > 55, "the boat's own record: \(withSpeed) m")
        let zeroed = Self.total(try Self.gpsdFixes("humminbird-M37", speed: 0))
        #expect(abs(zeroed - withSpeed) <= withSpeed * 0.03, "speed 0: \(zeroed) m; with the receiver's speed: \(withSpeed) m")
        // Unzeroed, it is the length of the fixes themselves, up to where the log's clock goes back.
        var ordered: [CLLocation] = []
        for fix in fixes {
            if let last = ordered.last, fix.timestamp < last.timestamp { break }
            ordered.append(fix)
        }
        let length = zip(ordered, ordered.dropFirst()).reduce(0.0) { sum, pair in
            sum + Geodesic.wgs84.distance(latitude1: pair.0.coordinate.latitude, longitude1: pair.0.coordinate.longitude,
                                          latitude2: pair.1.coordinate.latitude, longitude2: pair.1.coordinate.longitude)
        }
        #expect(abs(withSpeed - length) <= length * 0.03, "counted \(withSpeed) m; the fixes span \(length) m")
    }

    /// A receiver left on a table for five minutes (gpsd's ublox-glo capture: its fixes wander over 150 m of
    /// path and its speed reads up to 0.77 m/s) adds under 5 m.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping gpsd's captures"))
    func aStationaryReceiversWanderingAddsUnderFiveMetres() throws {
        let fixes = try Self.gpsdFixes("ublox-glo")
        #expect(fixes.count > 250)
        let path = zip(fixes, fixes.dropFirst()).reduce(0.0) { sum, pair in
            sum + Geodesic.wgs84.distance(latitude1: pair.0.coordinate.latitude, longitude1: pair.0.coordinate.longitude,
                                          latitude2: pair.1.coordinate.latitude, longitude2: pair.1.coordinate.longitude)
        }
        #expect(path > 100, "the jitter's own path: \(path) m")
        let counted = Self.total(fixes)
        #expect(counted < 5, "a stationary receiver added \(counted) m")
        // The same fixes with a speed that always reads 0 (the boat's rule must not turn wander into distance).
        #expect(Self.total(try Self.gpsdFixes("ublox-glo", speed: 0)) < 5)
    }
}
