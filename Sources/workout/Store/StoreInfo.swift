import ArgumentParser
import Foundation
import OpenHealthKit

/// `workout store`: where the store is and what it holds.
struct StoreInfo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Show where the store is and how many samples of each type it holds."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    struct Summary: Encodable {
        var location: String
        var counts: [String: Int]
    }

    func run() async throws {
        if case .file(let path) = storeOptions.location, !FileManager.default.fileExists(atPath: path) {
            if json { return try printJSON(Summary(location: path, counts: [:])) }
            print("Store: \(path) (not there yet: recording, replaying or importing a workout makes it)")
            return
        }
        let store = storeOptions.open()
        let counts = try await store.sampleCountsByType()
        let byName = Dictionary(uniqueKeysWithValues: counts.map { ($0.key.shortName, $0.value) })
        if json {
            try printJSON(Summary(location: store.location.description, counts: byName))
            return
        }
        print("Store: \(store.location)")
        if byName.isEmpty {
            print("No samples yet.")
            return
        }
        printTable(header: ["type", "samples"], rows: byName.sorted { $0.key < $1.key }.map { [$0.key, String($0.value)] })
    }
}
