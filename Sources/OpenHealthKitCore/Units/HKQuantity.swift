public import Foundation

/// An amount in a unit, as Apple's `HKQuantity`.
///
/// A quantity keeps the unit it was created with and converts on read:
///
/// ```swift
/// let pace = HKQuantity(unit: .meter().unitDivided(by: .second()), doubleValue: 3.5)
/// pace.doubleValue(for: HKUnit(from: "km/hr"))   // 12.6
/// try pace.checkedDoubleValue(for: .count())     // throws HKUnitConversionError
/// ```
public final class HKQuantity: Hashable, Comparable, CustomStringConvertible, Sendable {
    /// The unit the quantity was created with.
    public let unit: HKUnit
    /// The value in ``unit``.
    public let value: Double

    /// Creates a quantity of `value` in `unit`.
    public init(unit: HKUnit, doubleValue value: Double) {
        self.unit = unit
        self.value = value
    }

    /// Whether the quantity can be read in `unit`.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        self.unit.isCompatible(with: unit)
    }

    /// The value in `unit`, trapping with Apple's message when the dimensions differ.
    ///
    /// Use ``checkedDoubleValue(for:)`` where the unit comes from input.
    public func doubleValue(for unit: HKUnit) -> Double {
        do {
            return try checkedDoubleValue(for: unit)
        } catch {
            fatalError("Attempt to convert incompatible units: \(self.unit.unitString), \(unit.unitString)")
        }
    }

    /// The value in `unit`, or an error naming both units when their dimensions differ.
    ///
    /// - Throws: ``HKUnitConversionError``.
    public func checkedDoubleValue(for unit: HKUnit) throws(HKUnitConversionError) -> Double {
        try self.unit.convert(value, to: unit)
    }

    /// Orders two compatible quantities; traps on incompatible ones, as Apple's `compare(_:)` does.
    public func compare(_ other: HKQuantity) -> ComparisonResult {
        let mine = value, theirs = other.doubleValue(for: unit)
        return mine < theirs ? .orderedAscending : (mine > theirs ? .orderedDescending : .orderedSame)
    }

    /// Whether `lhs` is smaller than `rhs` (compatible units required).
    public static func < (lhs: HKQuantity, rhs: HKQuantity) -> Bool {
        lhs.compare(rhs) == .orderedAscending
    }

    /// Quantities are equal when they are compatible and equal in `lhs`'s unit.
    public static func == (lhs: HKQuantity, rhs: HKQuantity) -> Bool {
        guard let other = try? rhs.checkedDoubleValue(for: lhs.unit) else { return false }
        return lhs.value == other
    }

    /// Hashes by dimension only, so equal quantities in different units hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(unit.dimension)
    }

    /// The value and unit, such as `"72 count/min"`.
    public var description: String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return "\(text) \(unit.unitString)"
    }
}
