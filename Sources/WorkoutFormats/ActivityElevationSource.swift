import Foundation

/// Where an activity's altitudes came from: a barometer is precise to a
/// metre or so, GPS altitude to tens of metres. Strava keeps a GPX file's
/// elevation only when its creator says "with barometer".
public enum ActivityElevationSource: String, Sendable, Equatable {
    /// A barometric altimeter.
    case barometer
    /// The GPS receiver's fixes.
    case gps
    /// Not known (most files do not say).
    case unknown
}
