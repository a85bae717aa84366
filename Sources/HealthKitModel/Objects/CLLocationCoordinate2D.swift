import Foundation
#if canImport(CoreLocation)
public import CoreLocation
#endif

/// A latitude and longitude on WGS 84, as CoreLocation's.
public struct CLLocationCoordinate2D: Hashable, Sendable, Codable {
    /// Degrees north of the equator.
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich.
    public var longitude: CLLocationDegrees

    /// Creates the coordinate (0, 0).
    public init() { self.init(latitude: 0, longitude: 0) }

    /// Creates a coordinate.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
