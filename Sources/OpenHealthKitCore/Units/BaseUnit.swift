/// One named unit of the unit grammar, reduced to SI-style base quantities.
///
/// `scale` converts a value in this unit to the base units grams, metres,
/// seconds, kelvin and amperes; `offset` is added after scaling and is used only
/// when the unit stands alone (temperatures). Published factors are written out
/// exactly as the standards define them.
struct BaseUnit: Sendable, Hashable {
    /// How the unit is written in a unit string.
    let symbol: String
    let scale: Double
    let offset: Double
    let dimension: UnitDimension
    /// Whether metric prefixes may be put in front of it (SI units only).
    let takesPrefix: Bool

    init(_ symbol: String, _ scale: Double, _ dimension: UnitDimension, offset: Double = 0, prefixable: Bool = false) {
        self.symbol = symbol
        self.scale = scale
        self.offset = offset
        self.dimension = dimension
        self.takesPrefix = prefixable
    }

    // SI units (take prefixes). Mass is kept in grams.
    static let gram = BaseUnit("g", 1, .mass, prefixable: true)
    static let meter = BaseUnit("m", 1, .length, prefixable: true)
    static let liter = BaseUnit("L", 1e-3, .volume, prefixable: true)
    static let pascal = BaseUnit("Pa", 1000, .pressure, prefixable: true)
    static let second = BaseUnit("s", 1, .time, prefixable: true)
    static let joule = BaseUnit("J", 1000, .energy, prefixable: true)
    static let kelvin = BaseUnit("K", 1, .temperature, prefixable: true)
    static let siemens = BaseUnit("S", 1e-3, .conductance, prefixable: true)
    static let hertz = BaseUnit("Hz", 1, .frequency, prefixable: true)
    static let volt = BaseUnit("V", 1000, .electricPotential, prefixable: true)
    static let watt = BaseUnit("W", 1000, .power, prefixable: true)

    // Mass (avoirdupois, exact by the 1959 international pound).
    static let ounce = BaseUnit("oz", 28.349523125, .mass)
    static let pound = BaseUnit("lb", 453.59237, .mass)
    static let stone = BaseUnit("st", 6350.29318, .mass)
    // Length (international yard and pound agreement, 1959).
    static let inch = BaseUnit("in", 0.0254, .length)
    static let foot = BaseUnit("ft", 0.3048, .length)
    static let yard = BaseUnit("yd", 0.9144, .length)
    static let mile = BaseUnit("mi", 1609.344, .length)
    // Volume (US customary and imperial definitions), in cubic metres.
    static let fluidOunceUS = BaseUnit("fl_oz_us", 29.5735295625e-6, .volume)
    static let fluidOunceImperial = BaseUnit("fl_oz_imp", 28.4130625e-6, .volume)
    static let pintUS = BaseUnit("pt_us", 473.176473e-6, .volume)
    static let pintImperial = BaseUnit("pt_imp", 568.26125e-6, .volume)
    static let cupUS = BaseUnit("cup_us", 236.5882365e-6, .volume)
    static let cupImperial = BaseUnit("cup_imp", 284.130625e-6, .volume)
    // Time.
    static let minute = BaseUnit("min", 60, .time)
    static let hour = BaseUnit("hr", 3600, .time)
    static let day = BaseUnit("d", 86400, .time)
    // Energy (thermochemical calorie, 4.184 J), in g·m²/s².
    static let smallCalorie = BaseUnit("cal", 4184, .energy)
    static let kilocalorie = BaseUnit("kcal", 4_184_000, .energy)
    static let largeCalorie = BaseUnit("Cal", 4_184_000, .energy)
    // Temperature: K = °C + 273.15; K = (°F + 459.67) / 1.8.
    static let degreeCelsius = BaseUnit("degC", 1, .temperature, offset: 273.15)
    static let degreeFahrenheit = BaseUnit("degF", 1 / 1.8, .temperature, offset: 459.67 / 1.8)
    // Pressure, in g/(m·s²).
    static let millimeterOfMercury = BaseUnit("mmHg", 133_322.387415, .pressure)
    static let centimeterOfWater = BaseUnit("cmAq", 98_066.5, .pressure)
    static let atmosphere = BaseUnit("atm", 101_325_000, .pressure)
    static let inchOfMercury = BaseUnit("inHg", 3_386_388.16, .pressure)
    // Units of their own kind.
    static let count = BaseUnit("count", 1, .scalar)
    static let percent = BaseUnit("%", 0.01, .scalar)
    static let internationalUnit = BaseUnit("IU", 1, .internationalUnit)
    static let decibelSoundPressureLevel = BaseUnit("dBASPL", 1, .soundPressureLevel)
    static let decibelHearingLevel = BaseUnit("dBHL", 1, .hearingLevel)
    static let radian = BaseUnit("rad", 1, .angle)
    static let degreeAngle = BaseUnit("deg", Double.pi / 180, .angle)
    static let lux = BaseUnit("lx", 1, .illuminance)
    static let diopter = BaseUnit("D", 1, .opticalPower)
    static let appleEffortScore = BaseUnit("appleEffortScore", 1, .effortScore)

    /// Every unit that is written by name, keyed by its symbol.
    static let named: [String: BaseUnit] = {
        let all: [BaseUnit] = [
            gram, meter, liter, pascal, second, joule, kelvin, siemens, hertz, volt, watt,
            ounce, pound, stone, inch, foot, yard, mile,
            fluidOunceUS, fluidOunceImperial, pintUS, pintImperial, cupUS, cupImperial,
            minute, hour, day, smallCalorie, kilocalorie, largeCalorie,
            degreeCelsius, degreeFahrenheit, millimeterOfMercury, centimeterOfWater, atmosphere, inchOfMercury,
            count, percent, internationalUnit, decibelSoundPressureLevel, decibelHearingLevel,
            radian, degreeAngle, lux, diopter, prismDiopterExact, appleEffortScore,
        ]
        var table = Dictionary(uniqueKeysWithValues: all.map { ($0.symbol, $0) })
        table["l"] = liter // "L" is the only name accepted in either case.
        return table
    }()

    /// A prism dioptre deflects light 1 cm at 1 m: atan(0.01) rad.
    static let prismDiopterExact = BaseUnit("pD", 0.009999666686665238, .angle)
}
