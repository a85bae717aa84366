public import Foundation

/// One value bound to a statement or read from a row, in the types both SQLite and
/// PostgreSQL hold the club in: 64-bit integers, doubles, text and bytes.
public enum SQLValue: Sendable, Equatable {
    /// No value.
    case null
    /// A 64-bit integer (`BIGINT`, `INTEGER`); booleans are stored as 0 and 1.
    case integer(Int64)
    /// A double (`DOUBLE PRECISION`, `REAL`); dates are seconds since 1970.
    case real(Double)
    /// Text (`TEXT`).
    case text(String)
    /// Bytes (`BYTEA`, `BLOB`).
    case blob(Data)

    /// A date, as seconds since 1970.
    public static func date(_ date: Date) -> SQLValue { .real(date.timeIntervalSince1970) }

    /// An optional date; nil is `NULL`.
    public static func date(_ date: Date?) -> SQLValue { date.map { .real($0.timeIntervalSince1970) } ?? .null }

    /// An optional double; nil is `NULL`.
    public static func real(_ value: Double?) -> SQLValue { value.map(SQLValue.real) ?? .null }

    /// An optional string; nil is `NULL`.
    public static func text(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }

    /// A boolean, as 0 or 1.
    public static func bool(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }

    /// The value as an integer, if it is one (a whole double counts).
    public var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value) where value.rounded() == value && abs(value) < 9e18: Int64(value)
        default: nil
        }
    }

    /// The value as a double, if it is a number.
    public var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The value as text, if it is text.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The value as bytes, if it is bytes.
    public var blob: Data? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// The value as a date, if it is a number of seconds since 1970.
    public var date: Date? { real.map(Date.init(timeIntervalSince1970:)) }

    /// Whether the value is `NULL`.
    public var isNull: Bool { self == .null }
}
