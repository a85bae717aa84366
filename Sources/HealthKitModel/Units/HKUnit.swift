/// A unit of measure, with Apple's unit-string grammar and conversion rules.
///
/// A unit is a product of factors, each an optionally prefixed named unit raised
/// to an integer power. Units are equal when they mean the same thing, whatever
/// the order their factors were written in:
///
/// ```swift
/// let bpm = HKUnit.count().unitDivided(by: .minute())
/// bpm == HKUnit(from: "count/min")          // true
/// bpm.unitString                            // "count/min"
/// HKUnit(from: "mL/kg·min").unitString      // "mL/kg·min"
/// ```
///
/// ``init(from:)`` traps on a bad string with Apple's message, as HealthKit does.
/// Code that handles user input calls the throwing ``init(parsing:)`` instead,
/// which reports where the string went wrong.
public final class HKUnit: Hashable, CustomStringConvertible, Sendable {
    /// The factors, merged by unit and kept in the order first written.
    package let factors: [UnitFactor]
    /// The physical dimension, computed once.
    public let dimension: UnitDimension
    /// The factor that converts a value in this unit to base units.
    package let scale: Double
    /// The offset added after scaling: non-zero only for a bare temperature unit.
    package let offset: Double
    /// The factors in a fixed order, for equality by meaning without allocation.
    private let canonicalFactors: [UnitFactor]

    package init(factors: [UnitFactor]) {
        let merged = UnitFactor.merged(factors)
        self.factors = merged
        self.dimension = merged.reduce(UnitDimension.scalar) { $0 * $1.dimension }
        self.scale = merged.reduce(1.0) { $0 * $1.scale }
        if merged.count == 1, merged[0].exponent == 1, merged[0].prefix == .none, case .named(let base) = merged[0].base {
            self.offset = base.offset
        } else {
            self.offset = 0
        }
        self.canonicalFactors = merged.sorted { $0.written(exponent: $0.exponent) < $1.written(exponent: $1.exponent) }
    }

    package convenience init(_ base: BaseUnit, prefix: HKMetricPrefix = .none) {
        self.init(factors: [UnitFactor(prefix: prefix, base: .named(base), exponent: 1)])
    }

    /// Creates a unit from a unit string, trapping on a malformed string.
    ///
    /// This mirrors `HKUnit(from:)`, which raises `NSInvalidArgumentException`
    /// "Unable to parse factorization string …". Use ``init(parsing:)`` for
    /// strings that come from people or files.
    ///
    /// - Parameter string: A unit string such as `"count/min"` or `"mmol<180.1558800000541>/L"`.
    public convenience init(from string: String) {
        do {
            try self.init(parsing: string)
        } catch {
            fatalError("Unable to parse factorization string \(string)")
        }
    }

    /// Parses a unit string, throwing a ``HKUnitParseError`` that names the
    /// position and reason when the string is not a unit.
    ///
    /// ```swift
    /// do { _ = try HKUnit(parsing: "count/hour") }
    /// catch { print(error) }
    /// // Unable to parse unit string "count/hour" at column 7: unknown unit "hour" (did you mean "hr"?)
    /// ```
    ///
    /// - Parameter string: The unit string.
    /// - Throws: ``HKUnitParseError`` describing the first problem found.
    public convenience init(parsing string: String) throws(HKUnitParseError) {
        var parser = UnitStringParser(string)
        self.init(factors: try parser.parse())
    }

    /// Creates a unit from a metric prefix and the unit string of an SI unit.
    ///
    /// - Parameters:
    ///   - prefix: The prefix to put in front.
    ///   - unitString: The SI unit's symbol, such as `"g"`.
    public convenience init?(metricPrefix prefix: HKMetricPrefix, unitString: String) {
        guard let base = BaseUnit.named[unitString], base.takesPrefix else { return nil }
        self.init(base, prefix: prefix)
    }

    // MARK: Arithmetic

    /// The product of this unit and another.
    public func unitMultiplied(by unit: HKUnit) -> HKUnit {
        HKUnit(factors: factors + unit.factors)
    }

    /// This unit divided by another.
    public func unitDivided(by unit: HKUnit) -> HKUnit {
        HKUnit(factors: factors + unit.factors.map { $0.raised(to: -1) })
    }

    /// This unit raised to an integer power.
    public func unitRaised(toPower power: Int) -> HKUnit {
        HKUnit(factors: factors.map { $0.raised(to: power) })
    }

    /// One divided by this unit.
    public func reciprocal() -> HKUnit {
        unitRaised(toPower: -1)
    }

    /// Whether this is the null unit: the empty product, printed `()`.
    public func isNull() -> Bool {
        factors.isEmpty
    }

    // MARK: Meaning

    /// Whether values in this unit can be converted to `other`.
    public func isCompatible(with other: HKUnit) -> Bool {
        dimension == other.dimension
    }

    /// Converts `value` from this unit to `target`, or throws when the units differ in dimension.
    package func convert(_ value: Double, to target: HKUnit) throws(HKUnitConversionError) -> Double {
        if self === target { return value }
        guard isCompatible(with: target) else { throw HKUnitConversionError(from: self, to: target) }
        // Units of one dimension with the same scale and offset (equal units
        // among them) convert by identity: no rounding, and no comparing of factors.
        if scale == target.scale, offset == target.offset { return value }
        let base = value * scale + offset
        return (base - target.offset) / target.scale
    }

    // MARK: Printing

    /// The unit string, as Apple prints it: numerator, `/`, denominator, with
    /// products joined by `·`; `1/…` when only a denominator is left and `()`
    /// for the null unit.
    public var unitString: String {
        if factors.isEmpty { return "()" }
        let numerator = factors.filter { $0.exponent > 0 }.map { $0.written(exponent: $0.exponent) }
        let denominator = factors.filter { $0.exponent < 0 }.map { $0.written(exponent: -$0.exponent) }
        let top = numerator.isEmpty ? "1" : numerator.joined(separator: "·")
        return denominator.isEmpty ? top : top + "/" + denominator.joined(separator: "·")
    }

    /// The unit string.
    public var description: String { unitString }

    /// Units are equal when they have the same factors, in any order.
    public static func == (lhs: HKUnit, rhs: HKUnit) -> Bool {
        lhs === rhs || lhs.canonicalFactors == rhs.canonicalFactors
    }

    /// Hashes the unit by meaning, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonicalFactors)
    }
}

