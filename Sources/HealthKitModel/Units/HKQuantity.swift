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
public final class HKQuantity: NSObject, NSSecureCoding, Comparable, @unchecked Sendable {
    // Both stored properties are immutable `let`s of immutable types.

    /// The unit the quantity was created with.
    public let unit: HKUnit
    /// The value in ``unit``.
    public let value: Double

    /// Creates a quantity of `value` in `unit`.
    public init(unit: HKUnit, doubleValue value: Double) {
        self.unit = unit
        self.value = value
        super.init()
    }

    /// Archives are read with secure coding, as HealthKit's are.
    public static var supportsSecureCoding: Bool { true }

    /// Writes the value and the unit's string, for `NSKeyedArchiver` (an app sending a
    /// quantity to its companion, say).
    public func encode(with coder: NSCoder) {
        coder.encode(value, forKey: "value")
        coder.encode(unit.unitString, forKey: "unit")
    }

    /// Reads a quantity `encode(with:)` wrote; nil for an archive without a unit this library parses.
    public init?(coder: NSCoder) {
        guard let text = coder.decodeObject(of: NSString.self, forKey: "unit") as String?, let unit = try? HKUnit(parsing: text) else { return nil }
        self.unit = unit
        self.value = coder.decodeDouble(forKey: "value")
        super.init()
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

    /// Equal to another quantity that is compatible and equal in this one's unit (``==(_:_:)``).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQuantity else { return false }
        return self == other
    }

    /// Hashes by dimension only, so equal quantities in different units hash alike.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(unit.dimension)
        return hasher.finalize()
    }

    /// The value and unit, such as `"72 count/min"`.
    public override var description: String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return "\(text) \(unit.unitString)"
    }
}
