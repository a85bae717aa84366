import ArgumentParser
import OpenHealthKit

/// `workout convert VALUE FROM TO`: converts between HealthKit unit strings.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a value between HealthKit unit strings.",
        discussion: """
            Units are written as HealthKit writes them: count/min, kcal, km/hr, mg/dL, mmol<180.15588000005408>/L, degF. \
            A malformed unit is reported with the column where it goes wrong.
            """
    )

    @Argument(help: "The value.")
    var value: Double

    @Argument(help: ArgumentHelp("The unit the value is in.", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("The unit to convert to.", valueName: "to"))
    var to: String

    func validate() throws {
        for unit in [from, to] {
            do { _ = try HKUnit(parsing: unit) } catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        let source = try HKUnit(parsing: from), target = try HKUnit(parsing: to)
        do {
            let converted = try HKQuantity(unit: source, doubleValue: value).checkedDoubleValue(for: target)
            print("\(formatNumber(value)) \(source.unitString) = \(formatNumber(converted)) \(target.unitString)")
        } catch {
            throw ValidationError(error.description)
        }
    }
}
