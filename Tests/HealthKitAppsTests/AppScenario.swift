import Foundation
import OpenHealthKit
import TestSupport

/// What the apps' tests run on: a short scenario file, a store of their own, and waits off Swift's cooperative pool.
enum AppScenario {
    /// Twenty seconds of running at 5:00/km on a loop, heart rate and GPS at 1 Hz.
    static func file(_ name: String) throws -> URL {
        let file = Scratch.url(name, extension: "yaml")
        try """
            name: twenty seconds for an app
            activity: running
            seed: 5
            route:
              loop: {center: [48.14, 11.58], length: 2km}
            sensors:
              gps: {rate: 1, noise: 2, accuracy: 5}
            timeline:
              - start
              - move: {duration: 20s, pace: "5:00/km"}
              - stop
            """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A file store of its own, named `name`.
    static func store(_ name: String) -> HKHealthStore {
        HKHealthStore(location: .file(Scratch.url(name).appendingPathComponent("health.sqlite").path))
    }

    /// Waits on a thread of its own, so the cooperative pool stays free for the sources.
    static func wait(seconds: Double) async throws {
        try await offThePool { Thread.sleep(forTimeInterval: seconds) }
    }
}
