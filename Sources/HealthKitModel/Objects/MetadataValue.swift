public import Foundation

/// A metadata value in a form that can be stored and compared: the kinds of
/// value HealthKit accepts in metadata dictionaries.
public enum MetadataValue: Hashable, Sendable, Codable {
    /// A string.
    case string(String)
    /// A boolean.
    case bool(Bool)
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case number(Double)
    /// A date.
    case date(Date)
    /// A quantity, kept with its unit string.
    case quantity(value: Double, unit: String)

    /// Wraps a value from a `[String: Any]` metadata dictionary, or returns `nil`
    /// for a kind of value HealthKit does not accept.
    public init?(_ value: Any) {
        switch value {
        case let v as Bool: self = .bool(v)
        case let v as Int: self = .integer(Int64(v))
        case let v as Int64: self = .integer(v)
        case let v as Int32: self = .integer(Int64(v))
        case let v as UInt8: self = .integer(Int64(v))
        case let v as Double: self = .number(v)
        case let v as Float: self = .number(Double(v))
        case let v as String: self = .string(v)
        case let v as Date: self = .date(v)
        case let v as HKQuantity: self = .quantity(value: v.value, unit: v.unit.unitString)
        case let v as NSNumber: self = .number(v.doubleValue)
        default: return nil
        }
    }

    /// The value as HealthKit apps read it from `metadata`.
    public var anyValue: Any {
        switch self {
        case .string(let v): v
        case .bool(let v): v
        case .integer(let v): Int(v)
        case .number(let v): v
        case .date(let v): v
        case .quantity(let value, let unit):
            HKQuantity(unit: (try? HKUnit(parsing: unit)) ?? HKUnit(factors: []), doubleValue: value)
        }
    }

    /// Converts a whole metadata dictionary, dropping nothing: a value of an
    /// unsupported kind makes the result `nil`.
    package static func encode(_ metadata: [String: Any]?) -> [String: MetadataValue]? {
        guard let metadata else { return nil }
        var result: [String: MetadataValue] = [:]
        for (key, value) in metadata {
            guard let converted = MetadataValue(value) else { return nil }
            result[key] = converted
        }
        return result
    }

    package static func decode(_ values: [String: MetadataValue]?) -> [String: Any]? {
        values?.mapValues(\.anyValue)
    }
}
