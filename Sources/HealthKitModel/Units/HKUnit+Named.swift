/// Apple's named unit constructors.
///
/// ```swift
/// let speed = HKUnit.meter().unitDivided(by: .second())   // "m/s"
/// let glucose = HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci)) // "mg/dL"
/// ```
extension HKUnit {
    // MARK: Mass

    /// Grams with a metric prefix (`"kg"`, `"mg"`, `"mcg"`, …).
    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.gram, prefix: prefix) }
    /// Grams, `"g"`.
    public static func gram() -> HKUnit { HKUnit(.gram) }
    /// Ounces (28.349523125 g), `"oz"`.
    public static func ounce() -> HKUnit { HKUnit(.ounce) }
    /// Pounds (453.59237 g), `"lb"`.
    public static func pound() -> HKUnit { HKUnit(.pound) }
    /// Stones (14 lb), `"st"`.
    public static func stone() -> HKUnit { HKUnit(.stone) }
    /// Moles of a substance with a molar mass in g/mol, with a metric prefix: `"mmol<180.15588>"`.
    public static func moleUnit(with prefix: HKMetricPrefix, molarMass: Double) -> HKUnit {
        HKUnit(factors: [UnitFactor(prefix: prefix, base: .mole(molarMass: molarMass), exponent: 1)])
    }
    /// Moles of a substance with a molar mass in g/mol, `"mol<…>"`.
    public static func moleUnit(withMolarMass molarMass: Double) -> HKUnit {
        moleUnit(with: .none, molarMass: molarMass)
    }
    /// The molar mass of blood glucose in g/mol, for mmol/L ⇄ mg/dL.
    public static let molarMassBloodGlucose = 180.15588000005408

    // MARK: Length

    /// Metres with a metric prefix (`"km"`, `"cm"`, …).
    public static func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.meter, prefix: prefix) }
    /// Metres, `"m"`.
    public static func meter() -> HKUnit { HKUnit(.meter) }
    /// Inches (0.0254 m), `"in"`.
    public static func inch() -> HKUnit { HKUnit(.inch) }
    /// Feet (0.3048 m), `"ft"`.
    public static func foot() -> HKUnit { HKUnit(.foot) }
    /// Yards (0.9144 m), `"yd"`.
    public static func yard() -> HKUnit { HKUnit(.yard) }
    /// Miles (1609.344 m), `"mi"`.
    public static func mile() -> HKUnit { HKUnit(.mile) }

    // MARK: Volume

    /// Litres with a metric prefix (`"mL"`, `"dL"`, …).
    public static func literUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.liter, prefix: prefix) }
    /// Litres, `"L"`.
    public static func liter() -> HKUnit { HKUnit(.liter) }
    /// US fluid ounces, `"fl_oz_us"`.
    public static func fluidOunceUS() -> HKUnit { HKUnit(.fluidOunceUS) }
    /// Imperial fluid ounces, `"fl_oz_imp"`.
    public static func fluidOunceImperial() -> HKUnit { HKUnit(.fluidOunceImperial) }
    /// US pints, `"pt_us"`.
    public static func pintUS() -> HKUnit { HKUnit(.pintUS) }
    /// Imperial pints, `"pt_imp"`.
    public static func pintImperial() -> HKUnit { HKUnit(.pintImperial) }
    /// US customary cups (236.5882365 mL), `"cup_us"`.
    public static func cupUS() -> HKUnit { HKUnit(.cupUS) }
    /// Imperial cups (284.130625 mL), `"cup_imp"`.
    public static func cupImperial() -> HKUnit { HKUnit(.cupImperial) }

    // MARK: Pressure

    /// Pascals with a metric prefix.
    public static func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.pascal, prefix: prefix) }
    /// Pascals, `"Pa"`.
    public static func pascal() -> HKUnit { HKUnit(.pascal) }
    /// Millimetres of mercury (133.322387415 Pa), `"mmHg"`.
    public static func millimeterOfMercury() -> HKUnit { HKUnit(.millimeterOfMercury) }
    /// Centimetres of water (98.0665 Pa), `"cmAq"`.
    public static func centimeterOfWater() -> HKUnit { HKUnit(.centimeterOfWater) }
    /// Standard atmospheres (101325 Pa), `"atm"`.
    public static func atmosphere() -> HKUnit { HKUnit(.atmosphere) }
    /// Inches of mercury (3386.38816 Pa), `"inHg"`.
    public static func inchesOfMercury() -> HKUnit { HKUnit(.inchOfMercury) }
    /// A-weighted sound pressure level in decibels, `"dBASPL"`.
    public static func decibelAWeightedSoundPressureLevel() -> HKUnit { HKUnit(.decibelSoundPressureLevel) }

    // MARK: Time

    /// Seconds with a metric prefix (`"ms"`, …).
    public static func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.second, prefix: prefix) }
    /// Seconds, `"s"`.
    public static func second() -> HKUnit { HKUnit(.second) }
    /// Minutes, `"min"`.
    public static func minute() -> HKUnit { HKUnit(.minute) }
    /// Hours, `"hr"`.
    public static func hour() -> HKUnit { HKUnit(.hour) }
    /// Days, `"d"`.
    public static func day() -> HKUnit { HKUnit(.day) }

    // MARK: Energy

    /// Joules with a metric prefix (`"kJ"`, …).
    public static func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.joule, prefix: prefix) }
    /// Joules with a metric prefix; the same as ``jouleUnit(with:)``.
    public static func joule(with prefix: HKMetricPrefix) -> HKUnit { jouleUnit(with: prefix) }
    /// Joules, `"J"`.
    public static func joule() -> HKUnit { HKUnit(.joule) }
    /// Kilocalories (4184 J), `"kcal"`.
    public static func kilocalorie() -> HKUnit { HKUnit(.kilocalorie) }
    /// Small calories (4.184 J), `"cal"`.
    public static func smallCalorie() -> HKUnit { HKUnit(.smallCalorie) }
    /// Large (food) calories (4184 J), `"Cal"`.
    public static func largeCalorie() -> HKUnit { HKUnit(.largeCalorie) }
    /// Calories as Apple's deprecated `calorie()` defines them: large calories.
    @available(*, deprecated, renamed: "largeCalorie()")
    public static func calorie() -> HKUnit { HKUnit(.largeCalorie) }

    // MARK: Temperature

    /// Degrees Celsius, `"degC"`.
    public static func degreeCelsius() -> HKUnit { HKUnit(.degreeCelsius) }
    /// Degrees Fahrenheit, `"degF"`.
    public static func degreeFahrenheit() -> HKUnit { HKUnit(.degreeFahrenheit) }
    /// Kelvin, `"K"`.
    public static func kelvin() -> HKUnit { HKUnit(.kelvin) }

    // MARK: Electricity, frequency, power

    /// Siemens with a metric prefix.
    public static func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.siemens, prefix: prefix) }
    /// Siemens, `"S"`.
    public static func siemen() -> HKUnit { HKUnit(.siemens) }
    /// Volts with a metric prefix.
    public static func voltUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.volt, prefix: prefix) }
    /// Volts, `"V"`.
    public static func volt() -> HKUnit { HKUnit(.volt) }
    /// Hertz with a metric prefix.
    public static func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.hertz, prefix: prefix) }
    /// Hertz, `"Hz"`.
    public static func hertz() -> HKUnit { HKUnit(.hertz) }
    /// Watts with a metric prefix.
    public static func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.watt, prefix: prefix) }
    /// Watts, `"W"`.
    public static func watt() -> HKUnit { HKUnit(.watt) }

    // MARK: Other

    /// A count of things: beats, steps, strokes. `"count"`.
    public static func count() -> HKUnit { HKUnit(.count) }
    /// Percent, `"%"`. Percent-typed samples hold fractions from 0.0 to 1.0.
    public static func percent() -> HKUnit { HKUnit(.percent) }
    /// International units, `"IU"`.
    public static func internationalUnit() -> HKUnit { HKUnit(.internationalUnit) }
    /// Hearing level in decibels, `"dBHL"`.
    public static func decibelHearingLevel() -> HKUnit { HKUnit(.decibelHearingLevel) }
    /// Radians, `"rad"`.
    public static func radianAngle() -> HKUnit { HKUnit(.radian) }
    /// Degrees of arc, `"deg"`.
    public static func degreeAngle() -> HKUnit { HKUnit(.degreeAngle) }
    /// Lux, `"lx"`.
    public static func lux() -> HKUnit { HKUnit(.lux) }
    /// Dioptres of optical power, `"D"`.
    public static func diopter() -> HKUnit { HKUnit(.diopter) }
    /// Prism dioptres, `"pD"`.
    public static func prismDiopter() -> HKUnit { HKUnit(.prismDiopterExact) }
    /// Apple's effort score, `"appleEffortScore"`.
    public static func appleEffortScore() -> HKUnit { HKUnit(.appleEffortScore) }
}
