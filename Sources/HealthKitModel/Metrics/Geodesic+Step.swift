import Foundation

extension Geodesic {
    /// The largest difference in latitude or longitude, in degrees, that ``stepDistance(latitude1:longitude1:latitude2:longitude2:)``
    /// measures on the local radii: about 1.1 km.
    public static let stepSpan = 0.01

    /// The distance in metres between two points of a track, given in degrees: for points less than
    /// ``stepSpan`` apart in latitude and longitude, below 80° of latitude, along the ellipsoid's
    /// meridional and prime-vertical radii of curvature at their mid-latitude; else the geodesic
    /// (``distance(latitude1:longitude1:latitude2:longitude2:)``).
    ///
    /// The local radii err by the cube of the step over the square of the Earth's radius: under a
    /// micrometre for a 200-m step below 60°, at most 0.1 mm at the edge of the box (1.1 km at 80°),
    /// against Karney's solution (GeodesicTests) — far below any receiver's noise, and a tenth of the
    /// work of the geodesic for each fix of a live recording.
    public func stepDistance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let dLatitude = latitude2 - latitude1
        var dLongitude = longitude2 - longitude1
        if dLongitude > 180 { dLongitude -= 360 } else if dLongitude < -180 { dLongitude += 360 }
        let middle = (latitude1 + latitude2) / 2
        guard abs(dLatitude) < Self.stepSpan, abs(dLongitude) < Self.stepSpan, abs(middle) < 80 else {
            return distance(latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2)
        }
        let radians = Double.pi / 180
        let phi = middle * radians
        let sine = sin(phi), cosine = cos(phi)
        let w2 = 1 - e2 * sine * sine
        let w = w2.squareRoot()
        // Meridional (M) and prime-vertical (N) radii of curvature.
        let meridional = equatorialRadius * (1 - e2) / (w2 * w)
        let primeVertical = equatorialRadius / w
        let north = meridional * dLatitude * radians
        let east = primeVertical * cosine * dLongitude * radians
        return (north * north + east * east).squareRoot()
    }
}
