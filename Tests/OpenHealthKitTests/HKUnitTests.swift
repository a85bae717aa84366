import Foundation
import Testing
import OpenHealthKit

@Suite struct HKUnitTests {
    @Test(arguments: [
        ("count/min", "count/min"), ("count/s", "count/s"), ("kcal", "kcal"), ("m/s", "m/s"), ("mg/dL", "mg/dL"),
        ("mL/kg·min", "mL/kg·min"), ("mL/(kg*min)", "mL/kg·min"), ("mL/(kg.min)", "mL/kg·min"), ("kg/m.s^2", "kg/m·s^2"),
        ("m^2", "m^2"), ("s^-1", "1/s"), ("1/s", "1/s"), ("mcg", "mcg"), ("dL", "dL"), ("d", "d"), ("dam", "dam"),
        ("mmol<180.15588000005408>/L", "mmol<180.15588000005408>/L"), ("(count/s)^2", "count^2/s^2"),
        ("10^3m", "km"), ("10^3", "10^3"), ("%", "%"), ("degC", "degC"), ("", "()"), ("cm^3", "cm^3"), ("l", "L"),
        ("kJ", "kJ"), ("fl_oz_us", "fl_oz_us"), ("kcal/kg·hr", "kcal/kg·hr"), ("count·min^-1", "count/min"),
    ])
    func parsesAndPrints(_ input: String, _ printed: String) throws {
        #expect(try HKUnit(parsing: input).unitString == printed)
    }

    @Test(arguments: [
        ("count/hour", 7, HKUnitParseError.Reason.unknownUnit("hour", suggestion: "hr")),
        ("mL/kg/min", 6, .secondDivision),
        ("m^x", 3, .badExponent),
        ("(m/s", 1, .unbalancedParenthesis),
        ("m)", 2, .unbalancedParenthesis),
        ("m/", 3, .expectedUnit),
        ("kmin", 1, .prefixNotAllowed(prefix: "k", unit: "min")),
        ("mol<abc>", 5, .badMolarMass),
        ("m s", 2, .unexpectedCharacter(" ")),
        ("10m", 1, .badScale),
        ("bpm", 1, .unknownUnit("bpm", suggestion: "count/min")),
        // Found by the fuzzer: a 14-digit exponent spun a multiplication loop for minutes.
        ("%.%.L^-19999929084885", 7, .exponentOutOfRange(-19_999_929_084_885)),
        // Found by the fuzzer: the smallest Int trapped in abs.
        ("m^-9223372036854775808", 3, .exponentOutOfRange(Int.min)),
        ("m^100", 3, .exponentOutOfRange(100)),
        ("(m^99)^2", 7, .exponentOutOfRange(198)),
        ("10^9999 m", 4, .exponentOutOfRange(9999)),
    ])
    func rejectsWithPositionAndReason(_ input: String, _ column: Int, _ reason: HKUnitParseError.Reason) {
        #expect((try? HKUnit(parsing: "m^99")) != nil, "the largest exponent is allowed")
        do {
            _ = try HKUnit(parsing: input)
            Issue.record("\(input) parsed")
        } catch {
            #expect(error.column == column)
            #expect(error.reason == reason)
            #expect(error.description.contains("column \(column)"))
        }
    }

    @Test func namedUnitsMatchPublishedFactors() throws {
        // value in the first unit, expected value in the second.
        let cases: [(String, String, Double)] = [
            ("in", "m", 0.0254), ("ft", "m", 0.3048), ("yd", "m", 0.9144), ("mi", "m", 1609.344),
            ("oz", "g", 28.349523125), ("lb", "g", 453.59237), ("st", "lb", 14),
            ("min", "s", 60), ("hr", "s", 3600), ("d", "hr", 24),
            ("cal", "J", 4.184), ("kcal", "J", 4184), ("Cal", "kcal", 1), ("kJ", "J", 1000),
            ("mmHg", "Pa", 133.322387415), ("cmAq", "Pa", 98.0665), ("atm", "Pa", 101325), ("inHg", "Pa", 3386.38816),
            ("L", "mL", 1000), ("fl_oz_us", "mL", 29.5735295625), ("fl_oz_imp", "mL", 28.4130625),
            ("pt_us", "mL", 473.176473), ("pt_imp", "mL", 568.26125), ("cup_us", "mL", 236.5882365), ("cup_imp", "mL", 284.130625),
            ("W", "J/s", 1), ("Hz", "count/s", 1), ("kg", "g", 1000), ("mcg", "g", 1e-6), ("%", "count", 0.01),
            ("km/hr", "m/s", 1 / 3.6), ("deg", "rad", Double.pi / 180),
        ]
        for (from, to, expected) in cases {
            let value = try HKQuantity(unit: HKUnit(parsing: from), doubleValue: 1).checkedDoubleValue(for: HKUnit(parsing: to))
            #expect(abs(value - expected) <= abs(expected) * 1e-12, "1 \(from) = \(value) \(to), expected \(expected)")
        }
    }

    @Test func temperaturesApplyOffsetsOnlyWhenBare() throws {
        let celsius = HKQuantity(unit: .degreeCelsius(), doubleValue: 37)
        #expect(abs(celsius.doubleValue(for: .degreeFahrenheit()) - 98.6) < 1e-9)
        #expect(abs(celsius.doubleValue(for: .kelvin()) - 310.15) < 1e-9)
        #expect(abs(HKQuantity(unit: .degreeFahrenheit(), doubleValue: 32).doubleValue(for: .degreeCelsius())) < 1e-9)
        let rate = HKQuantity(unit: HKUnit(from: "degC/min"), doubleValue: 1)
        #expect(abs(rate.doubleValue(for: HKUnit(from: "K/min")) - 1) < 1e-12)
    }

    @Test func molarUnitsConvertThroughMolarMass() throws {
        let glucose = HKQuantity(unit: HKUnit(from: "mmol<180.15588000005408>/L"), doubleValue: 5.5)
        #expect(abs(glucose.doubleValue(for: HKUnit(from: "mg/dL")) - 99.08573400003) < 1e-6)
        #expect(HKUnit.moleUnit(with: .milli, molarMass: HKUnit.molarMassBloodGlucose).unitDivided(by: .liter())
                == HKUnit(from: "mmol<180.15588000005408>/L"))
    }

    @Test func unitsOfTheSameMeaningConvertWithoutRounding() {
        // Equal units, written differently, give the value back bit for bit.
        for value in [0.1 + 0.2, 1 / 3.0, 72.000000001] {
            #expect(HKQuantity(unit: HKUnit(from: "mL/kg·min"), doubleValue: value).doubleValue(for: HKUnit(from: "mL/min·kg")) == value)
            #expect(HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: value).doubleValue(for: HKUnit.count().unitDivided(by: .minute())) == value)
        }
        #expect(HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 90).doubleValue(for: HKUnit(from: "count/s")) == 1.5)
    }

    @Test func equalityIsByMeaning() {
        #expect(HKUnit.count().unitDivided(by: .minute()) == HKUnit(from: "count/min"))
        #expect(HKUnit(from: "mL/kg·min") == HKUnit(from: "mL/min·kg"))
        #expect(HKUnit.meterUnit(with: .kilo) == HKUnit(from: "km"))
        #expect(HKUnit.jouleUnit(with: .kilo) == HKUnit.joule(with: .kilo))
        #expect(HKUnit(from: "m/s") != HKUnit(from: "km/hr"))
        #expect(Set([HKUnit(from: "count/min"), HKUnit.count().unitDivided(by: .minute())]).count == 1)
    }

    @Test func arithmetic() {
        let speed = HKUnit.meter().unitDivided(by: .second())
        #expect(speed.reciprocal().unitString == "s/m")
        #expect(HKUnit.meter().unitRaised(toPower: 3).unitString == "m^3")
        #expect(speed.unitMultiplied(by: .second()) == .meter())
        #expect(HKUnit.count().unitDivided(by: .count()).isNull())
        #expect(HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci)).unitString == "mg/dL")
    }

    @Test func incompatibleConversionThrowsNamingBothUnits() {
        let quantity = HKQuantity(unit: .count(), doubleValue: 3)
        #expect(throws: HKUnitConversionError.self) { try quantity.checkedDoubleValue(for: .meter()) }
        do {
            _ = try quantity.checkedDoubleValue(for: .meter())
        } catch {
            #expect(error.description.hasPrefix("Attempt to convert incompatible units: count, m"))
        }
    }

    @Test func malformedStringTrapsWithApplesMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = HKUnit(from: "count/hour")
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Unable to parse factorization string count/hour"))
    }

    @Test func incompatibleConversionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = HKQuantity(unit: .count(), doubleValue: 1).doubleValue(for: .meter())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Attempt to convert incompatible units: count, m"))
    }
}
