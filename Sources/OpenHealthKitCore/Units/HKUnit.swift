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
    let factors: [UnitFactor]
    /// The physical dimension, computed once.
    public let dimension: UnitDimension
    /// The factor that converts a value in this unit to base units.
    let scale: Double
    /// The offset added after scaling: non-zero only for a bare temperature unit.
    let offset: Double
    /// The factors in a fixed order, for equality by meaning without allocation.
    private let canonicalFactors: [UnitFactor]

    init(factors: [UnitFactor]) {
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

    convenience init(_ base: BaseUnit, prefix: HKMetricPrefix = .none) {
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
    func convert(_ value: Double, to target: HKUnit) throws(HKUnitConversionError) -> Double {
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

/// One factor of a unit: a prefixed named unit, a molar unit or a numeric scale,
/// raised to an integer power.
struct UnitFactor: Hashable, Sendable {
    enum Base: Hashable, Sendable {
        case named(BaseUnit)
        /// Moles of a substance with the given molar mass in g/mol.
        case mole(molarMass: Double)
        /// A pure number, such as `10^3`, kept with how it was written.
        case scale(base: Int, power: Int)
    }

    var prefix: HKMetricPrefix
    var base: Base
    var exponent: Int

    func raised(to power: Int) -> UnitFactor {
        UnitFactor(prefix: prefix, base: base, exponent: exponent * power)
    }

    /// Whether two factors can be merged into one by adding exponents.
    func sameUnit(as other: UnitFactor) -> Bool {
        prefix == other.prefix && base == other.base
    }

    var dimension: UnitDimension {
        switch base {
        case .named(let unit): unit.dimension.raised(to: exponent)
        case .mole: UnitDimension.mass.raised(to: exponent)
        case .scale: .scalar
        }
    }

    var scale: Double {
        let single: Double
        switch base {
        case .named(let unit): single = prefix.factor * unit.scale
        case .mole(let molarMass): single = prefix.factor * molarMass
        case .scale(let base, let power): single = Self.power(Double(base), power)
        }
        return Self.power(single, exponent)
    }

    /// `value` to an integer power: multiplied out for the small powers units
    /// have (the same rounding as always), by repeated squaring beyond.
    private static func power(_ value: Double, _ exponent: Int) -> Double {
        var result = 1.0
        if exponent.magnitude <= 128 {
            for _ in 0..<exponent.magnitude { result *= value }
        } else {
            var base = value, remaining = exponent.magnitude
            while remaining > 0 {
                if remaining & 1 == 1 { result *= base }
                base *= base
                remaining >>= 1
            }
        }
        return exponent < 0 ? 1 / result : result
    }

    func written(exponent: Int) -> String {
        let name: String
        switch base {
        case .named(let unit): name = prefix.symbol + unit.symbol
        case .mole(let molarMass): name = prefix.symbol + "mol<\(molarMass)>"
        case .scale(let base, let power): name = "\(base)^\(power)"
        }
        return exponent == 1 ? name : "\(name)^\(exponent)"
    }

    /// Merges factors of the same unit, dropping those whose exponents cancel,
    /// and keeps the order in which each unit first appeared.
    static func merged(_ factors: [UnitFactor]) -> [UnitFactor] {
        var result: [UnitFactor] = []
        for factor in factors {
            if let index = result.firstIndex(where: { $0.sameUnit(as: factor) }) {
                result[index].exponent += factor.exponent
            } else {
                result.append(factor)
            }
        }
        return result.filter { $0.exponent != 0 }
    }
}
