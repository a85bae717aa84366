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

extension Activity {
    /// The figures a device's file states at its end, as workout metadata for a replay of it to finish with: the
    /// elevation its sessions state, else the one its altitudes give, and its top speed, each by
    /// ``WorkoutFigures``' rules, so the live builder's last figures are the file's (a live path cannot know a
    /// top speed held over the readings either side, or a device's barometric count, before the end).
    public var endOfRideMetadata: [String: Any] {
        let figures = WorkoutFigures(activity: self)
        var metadata: [String: Any] = [:]
        if let ascent = figures.ascent { metadata[HKMetadataKeyElevationAscended] = HKQuantity(unit: .meter(), doubleValue: ascent) }
        if let descent = figures.descent { metadata[HKMetadataKeyElevationDescended] = HKQuantity(unit: .meter(), doubleValue: descent) }
        if let top = figures.maximumSpeed {
            metadata[HKMetadataKeyMaximumSpeed] = HKQuantity(unit: HKUnit.meter().unitDivided(by: .second()), doubleValue: top)
        }
        return metadata
    }
}
