/// One named unit of the unit grammar, reduced to SI-style base quantities.
///
/// `scale` converts a value in this unit to the base units grams, metres,
/// seconds, kelvin and amperes; `offset` is added after scaling and is used only
/// when the unit stands alone (temperatures). Published factors are written out
/// exactly as the standards define them.
package struct BaseUnit: Sendable, Hashable {
    /// How the unit is written in a unit string.
    package let symbol: String
    package let scale: Double
    package let offset: Double
    package let dimension: UnitDimension
    /// Whether metric prefixes may be put in front of it (SI units only).
    package let takesPrefix: Bool

    package init(_ symbol: String, _ scale: Double, _ dimension: UnitDimension, offset: Double = 0, prefixable: Bool = false) {
        self.symbol = symbol
        self.scale = scale
        self.offset = offset
        self.dimension = dimension
        self.takesPrefix = prefixable
    }

    // SI units (take prefixes). Mass is kept in grams.
    package static let gram = BaseUnit("g", 1, .mass, prefixable: true)
    package static let meter = BaseUnit("m", 1, .length, prefixable: true)
    package static let liter = BaseUnit("L", 1e-3, .volume, prefixable: true)
    package static let pascal = BaseUnit("Pa", 1000, .pressure, prefixable: true)
    package static let second = BaseUnit("s", 1, .time, prefixable: true)
    package static let joule = BaseUnit("J", 1000, .energy, prefixable: true)
    package static let kelvin = BaseUnit("K", 1, .temperature, prefixable: true)
    package static let siemens = BaseUnit("S", 1e-3, .conductance, prefixable: true)
    package static let hertz = BaseUnit("Hz", 1, .frequency, prefixable: true)
    package static let volt = BaseUnit("V", 1000, .electricPotential, prefixable: true)
    package static let watt = BaseUnit("W", 1000, .power, prefixable: true)

    // Mass (avoirdupois, exact by the 1959 international pound).
    package static let ounce = BaseUnit("oz", 28.349523125, .mass)
    package static let pound = BaseUnit("lb", 453.59237, .mass)
    package static let stone = BaseUnit("st", 6350.29318, .mass)
    // Length (international yard and pound agreement, 1959).
    package static let inch = BaseUnit("in", 0.0254, .length)
    package static let foot = BaseUnit("ft", 0.3048, .length)
    package static let yard = BaseUnit("yd", 0.9144, .length)
    package static let mile = BaseUnit("mi", 1609.344, .length)
    // Volume (US customary and imperial definitions), in cubic metres.
    package static let fluidOunceUS = BaseUnit("fl_oz_us", 29.5735295625e-6, .volume)
    package static let fluidOunceImperial = BaseUnit("fl_oz_imp", 28.4130625e-6, .volume)
    package static let pintUS = BaseUnit("pt_us", 473.176473e-6, .volume)
    package static let pintImperial = BaseUnit("pt_imp", 568.26125e-6, .volume)
    package static let cupUS = BaseUnit("cup_us", 236.5882365e-6, .volume)
    package static let cupImperial = BaseUnit("cup_imp", 284.130625e-6, .volume)
    // Time.
    package static let minute = BaseUnit("min", 60, .time)
    package static let hour = BaseUnit("hr", 3600, .time)
    package static let day = BaseUnit("d", 86400, .time)
    // Energy (thermochemical calorie, 4.184 J), in g·m²/s².
    package static let smallCalorie = BaseUnit("cal", 4184, .energy)
    package static let kilocalorie = BaseUnit("kcal", 4_184_000, .energy)
    package static let largeCalorie = BaseUnit("Cal", 4_184_000, .energy)
    // Temperature: K = °C + 273.15; K = (°F + 459.67) / 1.8.
    package static let degreeCelsius = BaseUnit("degC", 1, .temperature, offset: 273.15)
    package static let degreeFahrenheit = BaseUnit("degF", 1 / 1.8, .temperature, offset: 459.67 / 1.8)
    // Pressure, in g/(m·s²).
    package static let millimeterOfMercury = BaseUnit("mmHg", 133_322.387415, .pressure)
    package static let centimeterOfWater = BaseUnit("cmAq", 98_066.5, .pressure)
    package static let atmosphere = BaseUnit("atm", 101_325_000, .pressure)
    package static let inchOfMercury = BaseUnit("inHg", 3_386_388.16, .pressure)
    // Units of their own kind.
    package static let count = BaseUnit("count", 1, .scalar)
    package static let percent = BaseUnit("%", 0.01, .scalar)
    package static let internationalUnit = BaseUnit("IU", 1, .internationalUnit)
    package static let decibelSoundPressureLevel = BaseUnit("dBASPL", 1, .soundPressureLevel)
    package static let decibelHearingLevel = BaseUnit("dBHL", 1, .hearingLevel)
    package static let radian = BaseUnit("rad", 1, .angle)
    package static let degreeAngle = BaseUnit("deg", Double.pi / 180, .angle)
    package static let lux = BaseUnit("lx", 1, .illuminance)
    package static let diopter = BaseUnit("D", 1, .opticalPower)
    package static let appleEffortScore = BaseUnit("appleEffortScore", 1, .effortScore)

    /// Every unit that is written by name, keyed by its symbol.
    package static let named: [String: BaseUnit] = {
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
    package static let prismDiopterExact = BaseUnit("pD", 0.009999666686665238, .angle)
}
