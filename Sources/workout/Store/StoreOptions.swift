import ArgumentParser
import Foundation
import OpenHealthKit

/// Options shared by every command that opens the store.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store to use (a SQLite file, or :memory:).", valueName: "path"))
    var store: String?

    /// Where the store is: `--store`, or the environment's default.
    var location: StoreLocation {
        guard let store else { return .fromEnvironment() }
        return store == ":memory:" ? .inMemory : .file(store)
    }

    /// The store, created if it is not there yet: for commands that write.
    func open() -> HKHealthStore {
        HKHealthStore(location: location, source: workoutSource)
    }

    /// The store, which must exist already: for commands that only read, so a
    /// mistyped path is reported instead of becoming a new, empty store.
    func openExisting() throws -> HKHealthStore {
        if case .file(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw RecordingsError("\(path): no store there. Record or import a workout first, or give the store with --store PATH (or $OPENHEALTHKIT_STORE).")
        }
        return open()
    }
}

/// The source the `workout` command's samples carry.
let workoutSource = HKSource(name: "workout", bundleIdentifier: "org.openhealthkit.workout")
