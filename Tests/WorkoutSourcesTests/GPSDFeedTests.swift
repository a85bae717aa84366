import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutSources

/// The fixture that plays a receiver into a real gpsd: gpsd reports every epoch played, at the time it was played,
/// and an unplugged receiver as gone.
@Suite(.heavy, .timeLimit(.minutes(10))) struct GPSDFeedTests {
    /// A log of `count` epochs, 10 m apart going north, dated in 2019 (the feed dates them anew).
    static func log(epochs count: Int) throws -> String {
        let start = Date(timeIntervalSince1970: 1_560_000_000)
        let text = (0..<count).map { index in
            let fix = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 52.3 + Double(index) * 10 / 111_250, longitude: 4.9),
                                 altitude: 2, horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: 10,
                                 timestamp: start.addingTimeInterval(Double(index)))
            return NMEASentences.epoch(fix, at: fix.timestamp)
        }.joined()
        let path = Scratch.url("feed").appendingPathExtension("nmea").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func everyEpochPlayedIsReportedAtTheTimeItWasPlayedAndAnUnpluggedReceiverIsGone() async throws {
        let path = try Self.log(epochs: 6)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let epochs = try GPSDFeed.epochs(ofLog: path)
        #expect(epochs.count == 6 && epochs.allSatisfy { $0.count == 4 }, "\(epochs)")
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        let watch = try GPSDWatch(port: feed.port)
        let started = Date()
        try await offThePool {
            try feed.play(epochs, pace: 0.2)
            try feed.unplug()
        }
        let ended = Date()
        let fixes = feed.reportedFixes
        #expect(fixes.count == 6, "\(watch.captured)")
        // Dated when played, not in 2019; in the log's order and places.
        #expect(fixes.allSatisfy { $0.time >= started.addingTimeInterval(-0.01) && $0.time <= ended }, "\(fixes.map(\.time))")
        #expect(fixes.map(\.latitude) == fixes.map(\.latitude).sorted() && abs((fixes.first?.latitude ?? 0) - 52.3) < 1e-6)
        #expect(try await eventually(within: .seconds(30)) { watch.captured.contains("\"activated\":0") }, "\(watch.captured)")
        _ = watch.stop()
    }

    /// A restarted gpsd on the same port reads the same device, and the fixes of both are reported.
    @Test func aRestartedDaemonReadsTheSameReceiver() async throws {
        let path = try Self.log(epochs: 4)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let epochs = try GPSDFeed.epochs(ofLog: path)
        let feed = try await offThePool { try GPSDFeed() }
        defer { feed.stop() }
        try await offThePool {
            try feed.play(Array(epochs.prefix(2)), pace: 0.2)
            feed.stopDaemon()
            try feed.startDaemon()
            try feed.play(Array(epochs.dropFirst(2)), pace: 0.2)
        }
        #expect(feed.reportedFixes.count == 4, "\(feed.reportedFixes.map(\.time))")
    }
}
