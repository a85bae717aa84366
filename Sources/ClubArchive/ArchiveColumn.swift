/// The columns of numbers an archive can hold: the records' readings, one value a
/// record (NaN where a record has none), and the heartbeat intervals.
public enum ArchiveColumn: String, Sendable, CaseIterable {
    /// Each record's time, seconds since 1970.
    case time
    /// Degrees north.
    case latitude
    /// Degrees east.
    case longitude
    /// Metres above sea level.
    case altitude
    /// Beats per minute.
    case heartRate
    /// Revolutions or steps per minute.
    case cadence
    /// Watts.
    case power
    /// Metres per second.
    case speed
    /// Metres from the start.
    case distance
    /// Each heartbeat interval's time, seconds since 1970.
    case heartbeatTime
    /// Each heartbeat interval's length in seconds.
    case heartbeatSeconds

    /// Whether the column has a value for each heartbeat interval rather than each record.
    var isHeartbeat: Bool { self == .heartbeatTime || self == .heartbeatSeconds }
}
