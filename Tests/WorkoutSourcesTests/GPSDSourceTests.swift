import Foundation
import Synchronization
import OpenHealthKit
import TestSupport
import Testing
@testable import WorkoutSources
@testable import GPSDReceiver

@Suite(.heavy, .timeLimit(.minutes(10))) struct GPSDSourceTests {
    @Test func addressesAndTheGpsdScheme() throws {
        GPSDSource.register()
        let source = try #require(try WorkoutSourceRegistry.sources(for: WorkoutSourceSpecification.list("gpsd://10.0.0.2:3000?device=/dev/ttyACM0")).first as? GPSDSource)
        #expect(source.host == "10.0.0.2" && source.port == 3000 && source.device == "/dev/ttyACM0")
        #expect(try GPSDSource(address: "pi.local").port == 2947)
        #expect(try GPSDSource(address: "[::1]:2948").host == "::1")
        #expect(throws: WorkoutSourceError.self) { try GPSDSource(address: "localhost:gps") }
        #expect { try WorkoutSourceRegistry.sources(for: WorkoutSourceSpecification.list("gpsd://localhost?speed=2")) } throws: { "\($0)".contains("unknown parameter 'speed'") }
    }

    /// A real receiver's log (gpsd's haicom-305N regression capture) through
    /// gpsfake and a real gpsd: one position per fix time, the receiver's
    /// coordinates, times strictly increasing.
    /// The back-off between tries: a quarter of a second, doubling to four
    /// seconds, and a quarter again once connected.
    @Test func theBackoffDoublesToFourSecondsAndStartsOverOnConnecting() {
        var backoff = ReconnectBackoff()
        #expect((0..<7).map { _ in backoff.failed() } == [0.25, 0.5, 1, 2, 4, 4, 4])
        backoff.connected()
        #expect(backoff.delay == 0.25)
    }

    /// gpsd absent, then started: the source retries on its back-off, which
    /// runs on a virtual clock the test moves (no sleeping), and connects to
    /// a real gpsd once it listens; gpsd killed, it starts over at a quarter second.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real gpsd capture"))
    func reconnectsOnAVirtualClock() async throws {
        let port = try Loopback.freePort()
        let waits = VirtualReconnectWaits()
        let source = GPSDSource(host: "127.0.0.1", port: port, waits: waits)
        let statuses = Mutex<[WorkoutSourceStatus.Kind]>([])
        let locations = Mutex(0)
        // The source's thread starts here, not when the task below first runs: with both cooperative threads
        // held by other tests, that can be later than the 20 s the first try is waited for.
        let readings = source.readings()
        let reading = Task {
            for try await reading in readings {
                switch reading {
                case .status(let status): statuses.withLock { $0.append(status.kind) }
                case .location: locations.withLock { $0 += 1 }
                default: break
                }
            }
        }
        defer { reading.cancel() }
        // Nothing listens: each try fails and waits longer, up to four seconds.
        var asked: [TimeInterval] = []
        for round in 1...6 {
            asked = try await offThePool { waits.waitsBegun(round) }
            try #require(asked.count == round, "the source did not try again after \(asked)")
            if round < 6 { waits.advance(by: asked[round - 1]) }
        }
        #expect(asked == [0.25, 0.5, 1, 2, 4, 4])
        try await Self.until(seconds: 20) { !statuses.withLock { $0 }.isEmpty }
        #expect(statuses.withLock { $0 } == [.disconnected], "one report of the failure, not one per try")
        // gpsd comes up on the port: the next try, once the clock moves, connects.
        let gpsd = try GPSFake(log: SharedData.file("gpsd-logs/haicom-305N.log").path, delay: 0.05, port: port)
        defer { gpsd.stop() }
        try await offThePool { gpsd.waitUntilListening() }
        waits.advance(by: 4)
        try await Self.until(seconds: 30) { locations.withLock { $0 } >= 5 }
        #expect(statuses.withLock { $0.contains(.connected) })
        #expect(locations.withLock { $0 } >= 5, "positions flow once connected")
        // gpsd goes away: the source reports it and waits a quarter second before trying again.
        gpsd.stop()
        asked = try await offThePool { waits.waitsBegun(7) }
        #expect(asked.count == 7 && asked.last == 0.25, "after a connection, the back-off starts over: \(asked)")
        // The report is handed to the reading task before the wait begins, but that task
        // may not have taken it yet: give it time rather than race it.
        try await Self.until(seconds: 20) { statuses.withLock { $0.last } == .disconnected }
        #expect(statuses.withLock { $0.last } == .disconnected)
    }

    /// Returns once `condition` holds, or after `seconds` of real time (the expectation after it then says what failed).
    static func until(seconds: Int, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real gpsd capture"))
    func aRealReceiversLogThroughGpsd() async throws {
        let log = SharedData.file("gpsd-logs/haicom-305N.log").path
        // What gpsd 3.22 emitted for this log: the fixes with a time and a position, one per time.
        var expected: [String: (Double, Double)] = [:]
        for line in try String(contentsOf: SharedData.file("gpsd-logs/haicom-305N.json"), encoding: .utf8).split(whereSeparator: \.isNewline) {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any], object["class"] as? String == "TPV",
                  let time = object["time"] as? String, let lat = object["lat"] as? Double, let lon = object["lon"] as? Double,
                  (object["mode"] as? Int ?? 0) >= 2 else { continue }
            if expected[time] == nil { expected[time] = (lat, lon) }
        }
        #expect(expected.count > 30)
        let gpsd = try GPSFake(log: log, delay: 0.05)
        defer { gpsd.stop() }
        // gpsd's own reports, read beside the source: what the source must pass on, however late either connected.
        let watch = try await offThePool { () throws -> GPSDWatch in
            gpsd.waitUntilListening()
            return try GPSDWatch(port: gpsd.port)
        }
        var locations: [CLLocation] = []
        var connected = false
        for try await reading in GPSDSource(host: "127.0.0.1", port: gpsd.port).readings() {
            if case .location(let location) = reading { locations.append(location) }
            if case .status(let status) = reading {
                if status.kind == .connected { connected = true }
                // gpsfake deactivates its device at the end of the log.
                if status.kind == .noFix, status.detail.contains("went away") { break }
            }
        }
        let sent = watch.stop()
        #expect(connected)
        #expect(!locations.isEmpty && locations.count <= expected.count, "\(locations.count) of \(expected.count) fixes")
        // Every fix gpsd sent while both listened reached the source, once, in order: a machine's load may make either
        // connect late (gpsfake plays on its own schedule), never lose a fix in between.
        if let sourceFirst = locations.first?.timestamp, let sourceLast = locations.last?.timestamp, let watchFirst = sent.first?.time {
            let from = max(sourceFirst, watchFirst)
            let bothHeard = sent.filter { $0.time >= from && $0.time <= sourceLast }.map(\.time)
            let passedOn = locations.map(\.timestamp).filter { $0 >= from }
            #expect(!bothHeard.isEmpty)
            #expect(passedOn.count == bothHeard.count && zip(passedOn, bothHeard).allSatisfy { abs($0.timeIntervalSince($1)) < 0.001 },
                    "the source passed on \(passedOn.count) of the \(bothHeard.count) fixes gpsd sent while both listened")
        }
        #expect(zip(locations, locations.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        // Every position is one gpsd reported (by coordinates: gpsd 3.22 dates this undated log by the day it runs).
        let byTime = Array(expected.values)
        let matched = locations.filter { location in byTime.contains { abs($0.0 - location.coordinate.latitude) < 1e-7 && abs($0.1 - location.coordinate.longitude) < 1e-7 } }
        #expect(matched.count == locations.count)
    }
}
