

/// Why a unit string could not be parsed, and where.
///
/// ```swift
/// do { _ = try HKUnit(parsing: "mL/kg/min") } catch {
///     error.column   // 6
///     error.reason   // .secondDivision
///     print(error)   // Unable to parse unit string "mL/kg/min" at column 6: only one "/" is allowed per level; group the denominator, e.g. "mL/(kg·min)"
/// }
/// ```
public struct HKUnitParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong at ``column``.
    public enum Reason: Hashable, Sendable {
        /// A name that is not a unit; `suggestion` is the unit probably meant.
        case unknownUnit(String, suggestion: String?)
        /// A prefix in front of a unit that takes none.
        case prefixNotAllowed(prefix: String, unit: String)
        /// A second `/` at the same level of parentheses.
        case secondDivision
        /// An exponent after `^` that is not an integer.
        case badExponent
        /// An exponent, or a power of parenthesised units, beyond ±99.
        case exponentOutOfRange(Int)
        /// A molar mass in `mol<…>` that is not a positive number, or a missing `>`.
        case badMolarMass
        /// A `(` without its `)`, or the reverse.
        case unbalancedParenthesis
        /// A unit was expected here (after `/`, `*`, `.`, `·` or `(`).
        case expectedUnit
        /// A character that has no place in a unit string.
        case unexpectedCharacter(Character)
        /// A numeric scale that is not written `INT^INT`.
        case badScale
    }

    /// The whole string that failed.
    public let string: String
    /// The 1-based character column where the problem starts.
    public let column: Int
    /// What was wrong.
    public let reason: Reason

    /// A sentence naming the string, the column and the problem.
    public var description: String {
        "Unable to parse unit string \"\(string)\" at column \(column): \(explanation)"
    }

    package var explanation: String {
        switch reason {
        case .unknownUnit(let name, let suggestion?):
            "unknown unit \"\(name)\" (did you mean \"\(suggestion)\"?)"
        case .unknownUnit(let name, nil):
            "unknown unit \"\(name)\"; units are written as in \"count/min\", \"kcal\", \"m/s\", \"mg/dL\""
        case .prefixNotAllowed(let prefix, let unit):
            "\"\(unit)\" takes no metric prefix (found \"\(prefix)\"); only SI units (g, m, L, Pa, s, J, K, S, Hz, V, W, mol<…>) do"
        case .secondDivision:
            "only one \"/\" is allowed per level; group the denominator, e.g. \"mL/(kg·min)\""
        case .badExponent:
            "\"^\" must be followed by an integer exponent such as 2 or -1"
        case .exponentOutOfRange(let value):
            "the exponent \(value) is out of range: units take exponents from -\(UnitStringParser.largestExponent) to \(UnitStringParser.largestExponent)"
        case .badMolarMass:
            "a molar unit is written mol<MOLAR_MASS> with the molar mass in g/mol, e.g. \"mmol<180.15588>\""
        case .unbalancedParenthesis:
            "parentheses do not balance"
        case .expectedUnit:
            "a unit was expected here"
        case .unexpectedCharacter(let c):
            "unexpected character \"\(c)\"; factors are joined with \"*\", \".\" or \"·\" and divided with \"/\""
        case .badScale:
            "a numeric scale is written INT^INT, such as 10^3"
        }
    }
}
