import Foundation

/// Metres east and north around a latitude: the flat approximation course matching works in. Over the few
/// hundred metres it measures, it is exact to well under a metre (the metres per degree are the WGS 84
/// ellipsoid's series at that latitude).
public struct LocalPlane: Sendable {
    /// Metres in a degree of latitude, and of longitude, at the plane's latitude.
    public let metresPerDegreeLatitude: Double, metresPerDegreeLongitude: Double

    /// The plane around `latitude` degrees.
    public init(latitude: Double) {
        let φ = latitude * .pi / 180
        metresPerDegreeLatitude = 111_132.954 - 559.822 * cos(2 * φ) + 1.175 * cos(4 * φ)
        metresPerDegreeLongitude = 111_412.84 * cos(φ) - 93.5 * cos(3 * φ)
    }

    /// Metres east and north from one place to another.
    public func offset(fromLatitude latitude1: Double, longitude longitude1: Double, toLatitude latitude2: Double, longitude longitude2: Double)
        -> (east: Double, north: Double) {
        ((longitude2 - longitude1) * metresPerDegreeLongitude, (latitude2 - latitude1) * metresPerDegreeLatitude)
    }

    /// Metres between two places.
    public func distance(fromLatitude latitude1: Double, longitude longitude1: Double, toLatitude latitude2: Double, longitude longitude2: Double) -> Double {
        let (east, north) = offset(fromLatitude: latitude1, longitude: longitude1, toLatitude: latitude2, longitude: longitude2)
        return (east * east + north * north).squareRoot()
    }
}
