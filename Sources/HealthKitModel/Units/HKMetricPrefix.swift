/// The metric prefixes that ``HKUnit`` accepts in front of SI units.
///
/// Raw values match Apple's `HKMetricPrefix`. In unit strings micro is written
/// `mc` (as in `mcg`), never `µ`.
///
/// ```swift
/// let kilojoule = HKUnit.jouleUnit(with: .kilo)   // "kJ"
/// let microgram = HKUnit(from: "mcg")             // HKUnit.gramUnit(with: .micro)
/// ```
public enum HKMetricPrefix: Int, CaseIterable, Sendable {
    /// No prefix: a factor of one.
    case none = 0
    /// 10⁻¹², written `p`.
    case pico = 1
    /// 10⁻⁹, written `n`.
    case nano = 2
    /// 10⁻⁶, written `mc`.
    case micro = 3
    /// 10⁻³, written `m`.
    case milli = 4
    /// 10⁻², written `c`.
    case centi = 5
    /// 10⁻¹, written `d`.
    case deci = 6
    /// 10¹, written `da`.
    case deca = 7
    /// 10², written `h`.
    case hecto = 8
    /// 10³, written `k`.
    case kilo = 9
    /// 10⁶, written `M`.
    case mega = 10
    /// 10⁹, written `G`.
    case giga = 11
    /// 10¹², written `T`.
    case tera = 12
    /// 10⁻¹⁵, written `f`.
    case femto = 13

    /// The symbol written before a unit name in a unit string.
    public var symbol: String {
        switch self {
        case .none: ""
        case .pico: "p"
        case .nano: "n"
        case .micro: "mc"
        case .milli: "m"
        case .centi: "c"
        case .deci: "d"
        case .deca: "da"
        case .hecto: "h"
        case .kilo: "k"
        case .mega: "M"
        case .giga: "G"
        case .tera: "T"
        case .femto: "f"
        }
    }

    /// The power of ten the prefix stands for.
    public var decimalExponent: Int {
        switch self {
        case .none: 0
        case .pico: -12
        case .nano: -9
        case .micro: -6
        case .milli: -3
        case .centi: -2
        case .deci: -1
        case .deca: 1
        case .hecto: 2
        case .kilo: 3
        case .mega: 6
        case .giga: 9
        case .tera: 12
        case .femto: -15
        }
    }

    /// The factor the prefix multiplies a unit by, exactly as a decimal literal.
    package var factor: Double {
        switch self {
        case .none: 1
        case .pico: 1e-12
        case .nano: 1e-9
        case .micro: 1e-6
        case .milli: 1e-3
        case .centi: 1e-2
        case .deci: 1e-1
        case .deca: 1e1
        case .hecto: 1e2
        case .kilo: 1e3
        case .mega: 1e6
        case .giga: 1e9
        case .tera: 1e12
        case .femto: 1e-15
        }
    }

    /// Prefixes in the order the parser tries them: two-letter symbols first.
    package static let parseOrder: [HKMetricPrefix] = allCases
        .filter { $0 != .none }
        .sorted { $0.symbol.count > $1.symbol.count }

    /// The prefix whose power of ten is `exponent`, if there is one.
    package static func forDecimalExponent(_ exponent: Int) -> HKMetricPrefix? {
        allCases.first { $0 != .none && $0.decimalExponent == exponent }
    }
}
