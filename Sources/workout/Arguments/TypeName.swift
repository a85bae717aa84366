import ArgumentParser
import OpenHealthKit

/// Reads a type name from the command line: `heartRate` or `HKQuantityTypeIdentifierHeartRate`.
struct TypeName {
    let type: HKObjectType

    /// Parses an argument, with a "did you mean" hint for near misses.
    static func parse(_ argument: String) throws -> TypeName {
        guard let type = HKObjectType.named(argument) else {
            let hint = HKObjectType.suggestion(forName: argument).map { " Did you mean '\($0)'?" } ?? ""
            throw ValidationError("Unknown type '\(argument)'.\(hint) Types are named like heartRate, stepCount, activeEnergyBurned, sleepAnalysis or workout.")
        }
        return TypeName(type: type)
    }
}
