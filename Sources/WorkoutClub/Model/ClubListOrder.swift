import WorkoutFormats
public import WorkoutCatalog

/// The order of a list of the club's workouts: by a figure, either way, then
/// newest first, then by UUID — the same order as the one-athlete server's list,
/// on SQLite and PostgreSQL alike.
///
/// A workout without the figure (no distance, energy or heart rate) comes last
/// when the largest come first, and first the other way round.
public struct ClubListOrder: Sendable, Hashable {
    /// What the list is sorted by.
    public typealias Key = WorkoutSummary.SortKey

    /// What the list is sorted by.
    public var key: Key
    /// Largest (or latest, or last in the alphabet) first.
    public var descending: Bool

    /// The order sorting by `key`, largest first when `descending`.
    public init(_ key: Key, descending: Bool) {
        self.key = key
        self.descending = descending
    }

    /// Newest first: the default.
    public static let newestFirst = ClubListOrder(.start, descending: true)

    /// The `ORDER BY` clause, over `workouts w`.
    func sql(_ dialect: SQLDialect) -> String {
        // Text by code point on both: PostgreSQL would otherwise use the database's locale.
        let bytewise = dialect == .postgres ? " COLLATE \"C\"" : ""
        let value = switch key {
        case .start: "w.start_time"
        case .activity: "w.activity\(bytewise)"
        case .duration: "w.duration"
        case .distance: "COALESCE(w.distance, -1)"
        case .energy: "COALESCE(w.energy, -1)"
        case .heartRate: "COALESCE(w.average_heart_rate, -1)"
        }
        return "ORDER BY \(value) \(descending ? "DESC" : "ASC"), w.start_time DESC, w.id\(bytewise) ASC"
    }
}
