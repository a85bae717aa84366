/// The physical dimension of a unit: integer exponents over the base quantities
/// HealthKit converts between.
///
/// Two units are compatible when their dimensions are equal. Molar units count
/// as mass (through their molar mass), as Apple's `HKUnit` does; logarithmic and
/// arbitrary units (dB SPL, dB HL, IU, effort score) are dimensions of their own
/// and convert only to themselves.
public struct UnitDimension: Hashable, Sendable, CustomStringConvertible {
    /// The base quantities, in storage order.
    package enum Base: Int, CaseIterable {
        case mass, length, time, temperature, current, angle, luminousIntensity
        case internationalUnit, soundPressureLevel, hearingLevel, effortScore

        package var symbol: String {
            switch self {
            case .mass: "Mass"
            case .length: "Length"
            case .time: "Time"
            case .temperature: "Temperature"
            case .current: "Current"
            case .angle: "Angle"
            case .luminousIntensity: "LuminousIntensity"
            case .internationalUnit: "InternationalUnit"
            case .soundPressureLevel: "SoundPressureLevel"
            case .hearingLevel: "HearingLevel"
            case .effortScore: "EffortScore"
            }
        }
    }

    /// One lane per base quantity (eleven used): comparing two dimensions,
    /// which every unit conversion does, is one vector comparison.
    private var exponents: SIMD16<Int8>

    /// The sixteen lanes as two words, so that equality and hashing take two
    /// comparisons rather than a loop over lanes.
    private var words: (UInt64, UInt64) { unsafeBitCast(exponents, to: (UInt64, UInt64).self) }

    /// Whether two dimensions have the same exponents.
    public static func == (lhs: UnitDimension, rhs: UnitDimension) -> Bool {
        let (a, b) = (lhs.words, rhs.words)
        return a.0 == b.0 && a.1 == b.1
    }

    /// Hashes the exponents.
    public func hash(into hasher: inout Hasher) {
        let (low, high) = words
        hasher.combine(low)
        hasher.combine(high)
    }

    package init(_ pairs: [Base: Int] = [:]) {
        exponents = SIMD16()
        for (base, exponent) in pairs { exponents[base.rawValue] = Int8(exponent) }
    }

    /// A dimensionless quantity, such as a count or a percentage.
    public static let scalar = UnitDimension()
    /// Mass (grams; molar units too).
    public static let mass = UnitDimension([.mass: 1])
    /// Length (metres).
    public static let length = UnitDimension([.length: 1])
    /// Time (seconds).
    public static let time = UnitDimension([.time: 1])
    /// Volume (length cubed).
    public static let volume = UnitDimension([.length: 3])
    /// Energy (mass × length² / time²).
    public static let energy = UnitDimension([.mass: 1, .length: 2, .time: -2])
    /// Power (energy / time).
    public static let power = UnitDimension([.mass: 1, .length: 2, .time: -3])
    /// Pressure (mass / (length × time²)).
    public static let pressure = UnitDimension([.mass: 1, .length: -1, .time: -2])
    /// Temperature (kelvin).
    public static let temperature = UnitDimension([.temperature: 1])
    /// Frequency, and counts per unit of time such as heart rate.
    public static let frequency = UnitDimension([.time: -1])
    /// Speed (length / time).
    public static let speed = UnitDimension([.length: 1, .time: -1])
    /// Electric potential (volts).
    public static let electricPotential = UnitDimension([.mass: 1, .length: 2, .time: -3, .current: -1])
    /// Electric conductance (siemens).
    public static let conductance = UnitDimension([.mass: -1, .length: -2, .time: 3, .current: 2])
    /// Plane angle (radians).
    public static let angle = UnitDimension([.angle: 1])
    /// Illuminance (lux).
    public static let illuminance = UnitDimension([.luminousIntensity: 1, .length: -2])
    /// Optical power (dioptres, per metre).
    public static let opticalPower = UnitDimension([.length: -1])
    /// International units of biological activity.
    public static let internationalUnit = UnitDimension([.internationalUnit: 1])
    /// A-weighted sound pressure level (dB SPL).
    public static let soundPressureLevel = UnitDimension([.soundPressureLevel: 1])
    /// Hearing level (dB HL).
    public static let hearingLevel = UnitDimension([.hearingLevel: 1])
    /// Apple's effort score.
    public static let effortScore = UnitDimension([.effortScore: 1])
    /// Mass over volume, such as blood glucose in mg/dL.
    public static let massPerVolume = UnitDimension([.mass: 1, .length: -3])
    /// Mass per mass per time, as in VO₂ max (mL/kg·min).
    public static let volumePerMassPerTime = UnitDimension([.length: 3, .mass: -1, .time: -1])
    /// Energy per mass per time, as in METs (kcal/kg·hr).
    public static let energyPerMassPerTime = UnitDimension([.length: 2, .time: -3])

    package func raised(to power: Int) -> UnitDimension {
        var result = self
        result.exponents &*= SIMD16(repeating: Int8(truncatingIfNeeded: power))
        return result
    }

    package static func * (lhs: UnitDimension, rhs: UnitDimension) -> UnitDimension {
        var result = lhs
        result.exponents &+= rhs.exponents
        return result
    }

    /// A readable name: a known name (`Length`, `Energy`, …) or the exponents.
    public var description: String {
        if let name = Self.names[self] { return name }
        let parts = Base.allCases.compactMap { base -> String? in
            let e = exponents[base.rawValue]
            return e == 0 ? nil : (e == 1 ? base.symbol : "\(base.symbol)^\(e)")
        }
        return parts.isEmpty ? "Scalar" : parts.joined(separator: "·")
    }

    private static let names: [UnitDimension: String] = [
        .scalar: "Scalar", .mass: "Mass", .length: "Length", .time: "Time", .volume: "Volume",
        .energy: "Energy", .power: "Power", .pressure: "Pressure", .temperature: "Temperature",
        .frequency: "Scalar/Time", .speed: "Length/Time", .electricPotential: "ElectricPotential",
        .conductance: "Conductance", .angle: "Angle", .illuminance: "Illuminance",
        .opticalPower: "OpticalPower", .internationalUnit: "InternationalUnit",
        .soundPressureLevel: "SoundPressureLevel", .hearingLevel: "HearingLevel",
        .effortScore: "EffortScore", .massPerVolume: "Mass/Volume",
    ]
}
