import ArgumentParser
import Foundation
import OpenHealthKit

/// Options shared by every command that opens the store.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store to use (a SQLite file, or :memory:).", valueName: "path"))
    var store: String?

    /// The store named by `--store`, or the environment's default.
    func open() -> HKHealthStore {
        let source = HKSource(name: "workout", bundleIdentifier: "org.openhealthkit.workout")
        guard let store else { return HKHealthStore(location: .fromEnvironment(), source: source) }
        return HKHealthStore(location: store == ":memory:" ? .inMemory : .file(store), source: source)
    }
}

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

/// Reads a date: `2024-03-01`, `2024-03-01T06:30:00Z` or `2024-03-01T06:30:00+01:00`.
struct DateArgument: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        if let full = try? Date(argument, strategy: .iso8601) {
            date = full
        } else if let day = try? Date(argument + "T00:00:00Z", strategy: .iso8601) {
            date = day
        } else {
            return nil
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// Formats numbers for people: at most three decimals, no trailing zeros.
func formatNumber(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = String(format: "%.3f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

/// Writes JSON with sorted keys, so output is stable across runs.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
