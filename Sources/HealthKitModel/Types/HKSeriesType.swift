

/// The type of series samples: workout routes and heartbeat series.
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
    package static let workoutRouteIdentifier = HKWorkoutRouteTypeIdentifier
    package static let heartbeatIdentifier = HKDataTypeIdentifierHeartbeatSeries

    private init(seriesIdentifier: String) {
        super.init(identifier: seriesIdentifier)
    }

    /// The type of workout routes (`HKWorkoutRoute`).
    public static func workoutRoute() -> HKSeriesType { HKSeriesType(seriesIdentifier: workoutRouteIdentifier) }

    /// The type of heartbeat series (beat-to-beat intervals).
    public static func heartbeat() -> HKSeriesType { HKSeriesType(seriesIdentifier: heartbeatIdentifier) }
}

/// The identifier of the workout route type, for ``HKObjectType/seriesType(forIdentifier:)``.
public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"

/// The identifier of the heartbeat series type, for ``HKObjectType/seriesType(forIdentifier:)``.
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"
