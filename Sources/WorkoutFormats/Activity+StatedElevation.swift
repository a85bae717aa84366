import HealthKitModel

extension Activity {
    /// The elevation its sessions state (a barometric device's own count) as workout metadata, which wins
    /// over what a builder derives from the positions' altitudes: `HKMetadataKeyElevationAscended` and
    /// `HKMetadataKeyElevationDescended`, each only when some session states it. Importing and replaying
    /// a file both store it, so either way the workout climbs what the device said.
    public var statedElevationMetadata: [String: Any] {
        var metadata: [String: Any] = [:]
        if let ascent = sessions.compactMap(\.ascent).reduce(nil, { ($0 ?? 0) + $1 }) {
            metadata[HKMetadataKeyElevationAscended] = HKQuantity(unit: .meter(), doubleValue: ascent)
        }
        if let descent = sessions.compactMap(\.descent).reduce(nil, { ($0 ?? 0) + $1 }) {
            metadata[HKMetadataKeyElevationDescended] = HKQuantity(unit: .meter(), doubleValue: descent)
        }
        return metadata
    }
}
