import Foundation
import Testing
import WorkoutFormats
import WorkoutReport

@Suite("Web Mercator projection")
struct WebMercatorTests {
    @Test("places the origin, the antimeridian and the projection's limits where tile servers do")
    func knownPoints() {
        let centre = WebMercator.project(latitude: 0, longitude: 0)
        #expect(abs(centre.x - 128) < 1e-9 && abs(centre.y - 128) < 1e-9)
        let northWest = WebMercator.project(latitude: WebMercator.latitudeLimit, longitude: -180)
        #expect(abs(northWest.x) < 1e-9 && abs(northWest.y) < 1e-6)
        let southEast = WebMercator.project(latitude: -89.9, longitude: 180)
        #expect(abs(southEast.x - 256) < 1e-9 && abs(southEast.y - 256) < 1e-6)
    }

    @Test("matches OpenStreetMap's tile numbers for a known place")
    func tileOfLondon() {
        // Trafalgar Square is in tile 16/32744/21792 (slippy-map formula).
        let point = WebMercator.project(latitude: 51.508, longitude: -0.128)
        let scale = Double(1 << 16) / 256
        #expect(Int(point.x * scale) == 32_744)
        #expect(Int(point.y * scale) == 21_792)
    }

    @Test("a world pixel is about 156 km at the equator and half that at 60°")
    func groundScale() {
        #expect(abs(WebMercator.metersPerWorldPixel(atLatitude: 0) - 156_543.03) < 0.1)
        #expect(abs(WebMercator.metersPerWorldPixel(atLatitude: 60) - 78_271.52) < 0.1)
    }
}
