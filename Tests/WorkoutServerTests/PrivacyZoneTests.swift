import Foundation
import Testing
@testable import WorkoutServer

@Suite struct PrivacyZoneTests {
    /// A point's body with positions `metresNorth` of 52.37 N, 4.89 E.
    static func body(_ metresNorth: [Double]) -> String {
        let points = metresNorth.map { "[\(52.37 + $0 / 111_320), 4.89]" }.joined(separator: ",")
        return "{\"points\":[\(points)],\"status\":{\"state\":\"running\"}}"
    }

    @Test func positionsNearTheStartAreTakenOutAndTheRestKeptAsTheyWere() {
        let zone = PrivacyZone(radius: 300, start: (52.37, 4.89))
        let filtered = zone.filtered(Self.body([100, 299, 301, 500]))
        #expect(PrivacyZone.positions(in: filtered).map { (($0[0] - 52.37) * 111_320).rounded() } == [301, 500])
        #expect(filtered.contains("\"status\":{\"state\":\"running\"}"))
        // Nothing hidden: the body unchanged, byte for byte.
        let far = Self.body([400, 600])
        #expect(zone.filtered(far) == far)
    }

    @Test func theFinishIsHiddenOnceKnownAndEverythingUntilTheStartIs() {
        var zone = PrivacyZone(radius: 200)
        #expect(PrivacyZone.positions(in: zone.filtered(Self.body([1_000]))).isEmpty, "no start known yet: nothing shown")
        zone.start = (52.37, 4.89)
        zone.finish = (52.37 + 5_000 / 111_320, 4.89)
        let kept = PrivacyZone.positions(in: zone.filtered(Self.body([150, 1_000, 4_850, 4_790])))
        #expect(kept.map { (($0[0] - 52.37) * 111_320).rounded() } == [1_000, 4_790])
        // Sideways too: 250 m east of the start is outside a 200-m zone, 150 m inside.
        let east = 111_320 * cos(52.37 * Double.pi / 180)
        #expect(zone.shows([52.37, 4.89 + 250 / east]) && !zone.shows([52.37, 4.89 + 150 / east]))
    }

    @Test func bodiesItCannotReadPassUnchanged() {
        let zone = PrivacyZone(radius: 300, start: (52.37, 4.89))
        for body in ["", "{", "[]", "{\"status\":{}}", "{\"points\":\"x\"}"] { #expect(zone.filtered(body) == body) }
    }
}
