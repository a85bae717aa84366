public import Foundation

#if canImport(CoreLocation)
public import CoreLocation
#else
/// Degrees of latitude or longitude.
public typealias CLLocationDegrees = Double
/// Metres above sea level.
public typealias CLLocationDistance = Double
/// Accuracy in metres; negative when the value is not valid.
public typealias CLLocationAccuracy = Double
/// Direction of travel in degrees from true north; negative when not valid.
public typealias CLLocationDirection = Double
/// Accuracy of a direction in degrees.
public typealias CLLocationDirectionAccuracy = Double
/// Speed in metres per second; negative when not valid.
public typealias CLLocationSpeed = Double
/// Accuracy of a speed in metres per second.
public typealias CLLocationSpeedAccuracy = Double

/// Whether a coordinate is a real position: latitude within ±90° and longitude within ±180°.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180
}

/// A position fix, as CoreLocation's `CLLocation`, for platforms without CoreLocation.
///
/// Negative accuracies, courses and speeds mean "not valid", as in CoreLocation.
public final class CLLocation: Hashable, Sendable, CustomStringConvertible {
    /// Where.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above mean sea level.
    public let altitude: CLLocationDistance
    /// Radius of uncertainty of the coordinate, in metres; negative if not valid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// Uncertainty of the altitude, in metres; negative if not valid.
    public let verticalAccuracy: CLLocationAccuracy
    /// Direction of travel, degrees from true north; negative if not valid.
    public let course: CLLocationDirection
    /// Uncertainty of the course in degrees; negative if not valid.
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// Speed in metres per second; negative if not valid.
    public let speed: CLLocationSpeed
    /// Uncertainty of the speed; negative if not valid.
    public let speedAccuracy: CLLocationSpeedAccuracy
    /// When the fix was taken (the receiver's time, not when it arrived).
    public let timestamp: Date

    /// A fix with every field.
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
                speed: CLLocationSpeed, speedAccuracy sAccuracy: CLLocationSpeedAccuracy, timestamp: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = hAccuracy
        self.verticalAccuracy = vAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = sAccuracy
        self.timestamp = timestamp
    }

    /// A fix without course and speed accuracies.
    public convenience init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                            verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date) {
        self.init(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
                  course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A fix with altitude and accuracies but no motion.
    public convenience init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                            verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date) {
        self.init(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
                  course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: timestamp)
    }

    /// An empty fix, as Core Location's `CLLocation()`: at 0°, 0°, with no valid
    /// accuracy, course or speed, dated at the Unix epoch.
    public convenience init() {
        self.init(coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0), altitude: 0, horizontalAccuracy: -1, verticalAccuracy: -1,
                  course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: Date(timeIntervalSince1970: 0))
    }

    /// A bare position. Its timestamp is the Unix epoch: positions made this way
    /// carry no time, because nothing in this library reads the wall clock.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                  horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date(timeIntervalSince1970: 0))
    }

    /// The distance in metres to `location`, along the WGS 84 ellipsoid (altitudes left out), as Core Location measures it.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesic.wgs84.distance(latitude1: coordinate.latitude, longitude1: coordinate.longitude,
                                latitude2: location.coordinate.latitude, longitude2: location.coordinate.longitude)
    }

    /// Fixes are equal when every field is.
    public static func == (lhs: CLLocation, rhs: CLLocation) -> Bool {
        lhs.coordinate == rhs.coordinate && lhs.altitude == rhs.altitude && lhs.horizontalAccuracy == rhs.horizontalAccuracy
            && lhs.verticalAccuracy == rhs.verticalAccuracy && lhs.course == rhs.course && lhs.speed == rhs.speed
            && lhs.timestamp == rhs.timestamp
    }

    /// Hashes position and time.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(coordinate)
        hasher.combine(timestamp)
    }

    /// Position, accuracy and time, as CoreLocation prints them.
    public var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m, alt \(altitude)m +/- \(verticalAccuracy)m, speed \(speed) m/s, course \(course) @ \(timestamp.formatted(.iso8601))"
    }
}
#endif
