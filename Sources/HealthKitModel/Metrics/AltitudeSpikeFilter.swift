/// The one rule that tells an altitude spike from a climb: a reading is kept
/// when it lies within ``tolerance`` metres plus ``maximumVerticalSpeed``
/// metres a second of the last reading kept.
///
/// Receivers write altitudes no rider reaches: the fenix 2's run in the shared
/// data opens at 55 m, writes 142.4 m for three seconds, then 56 m again, an
/// 87-m jump in two seconds (43 m/s). Nobody on a road or trail climbs or
/// descends at 5 m/s for long (a 20 % descent at 90 km/h), and GPS altitude
/// wanders by a few metres between fixes, so neither is refused.
///
/// The bound grows with the time since the last kept reading, so a wrong first
/// reading, or a real change across a gap (a tunnel, a pause), is taken again
/// after a few seconds: the rule needs no second state to recover.
///
/// The figures (``ElevationGain``), the live builder, the store's summaries and
/// the report's elevation chart all apply this rule, so a spike is neither
/// counted nor drawn anywhere.
public struct AltitudeSpikeFilter: Hashable, Sendable {
    /// How far a reading may lie from the last kept one at no interval, in metres.
    public static let tolerance = 10.0
    /// The fastest climb or descent believed, in metres a second.
    public static let maximumVerticalSpeed = 5.0

    private var lastAltitude = Double.nan
    private var lastTime = 0.0

    /// A filter that has kept nothing yet: its first finite reading is kept.
    public init() {}

    /// Whether `altitude`, read at `time` seconds (any fixed origin, not before
    /// the last reading's), is believed; a believed reading becomes the reference.
    ///
    /// Non-finite altitudes are never kept.
    public mutating func keeps(altitude: Double, at time: Double) -> Bool {
        guard altitude.isFinite else { return false }
        // NaN before the first reading: the comparison fails and the reading is kept.
        if abs(altitude - lastAltitude) > Self.tolerance + Self.maximumVerticalSpeed * max(0, time - lastTime) { return false }
        lastAltitude = altitude
        lastTime = time
        return true
    }
}
