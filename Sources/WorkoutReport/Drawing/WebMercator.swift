import Foundation

/// The Web Mercator projection (EPSG:3857) that web maps and tile servers use.
///
/// Coordinates are in "world pixels" at zoom 0: the whole world is a square of
/// 256 × 256, x growing eastwards from the antimeridian and y southwards from
/// 85.0511° N. At zoom z a tile server's tile (x, y) covers `256 / 2^z` of them.
public enum WebMercator {
    /// The highest latitude the projection draws; beyond it y would be infinite.
    public static let latitudeLimit = 85.05112878

    /// The world-pixel position of a point at zoom 0.
    /// - Parameters:
    ///   - latitude: Degrees north, clamped to ±``latitudeLimit``.
    ///   - longitude: Degrees east.
    public static func project(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let clamped = min(max(latitude, -latitudeLimit), latitudeLimit) * .pi / 180
        let x = (longitude + 180) / 360 * 256
        let y = (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2 * 256
        return (x, y)
    }

    /// Metres on the ground per world pixel (zoom 0) at a latitude.
    public static func metersPerWorldPixel(atLatitude latitude: Double) -> Double {
        40_075_016.686 * cos(latitude * .pi / 180) / 256
    }
}
