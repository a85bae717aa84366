

/// One factor of a unit: a prefixed named unit, a molar unit or a numeric scale,
/// raised to an integer power.
package struct UnitFactor: Hashable, Sendable {
    package enum Base: Hashable, Sendable {
        case named(BaseUnit)
        /// Moles of a substance with the given molar mass in g/mol.
        case mole(molarMass: Double)
        /// A pure number, such as `10^3`, kept with how it was written.
        case scale(base: Int, power: Int)
    }

    package var prefix: HKMetricPrefix
    package var base: Base
    package var exponent: Int

    package func raised(to power: Int) -> UnitFactor {
        UnitFactor(prefix: prefix, base: base, exponent: exponent * power)
    }

    /// Whether two factors can be merged into one by adding exponents.
    package func sameUnit(as other: UnitFactor) -> Bool {
        prefix == other.prefix && base == other.base
    }

    package var dimension: UnitDimension {
        switch base {
        case .named(let unit): unit.dimension.raised(to: exponent)
        case .mole: UnitDimension.mass.raised(to: exponent)
        case .scale: .scalar
        }
    }

    package var scale: Double {
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

    package func written(exponent: Int) -> String {
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
    package static func merged(_ factors: [UnitFactor]) -> [UnitFactor] {
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
