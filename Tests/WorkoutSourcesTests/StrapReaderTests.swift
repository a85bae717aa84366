import Foundation
import OpenHealthKit
import Testing
import WorkoutSources
import TestSupport
import SensorBridge
import GATT

/// Reads what a ``StrapReader`` reports, waiting for particular events.
struct StrapEvents {
    private var iterator: AsyncThrowingStream<StrapReader.Event, any Error>.Iterator

    init(_ reader: StrapReader) {
        iterator = reader.events().makeAsyncIterator()
    }

    /// The next event `predicate` accepts; the ones before it are returned too, in order.
    mutating func until(_ predicate: (StrapReader.Event) -> Bool) async throws -> [StrapReader.Event] {
        var seen: [StrapReader.Event] = []
        while let event = try await iterator.next(isolation: #isolation) {
            seen.append(event)
            if predicate(event) { return seen }
        }
        throw SocatError("the reader stopped before the awaited event; it saw \(seen)")
    }

    /// The payloads of the next `count` notification frames, skipping other events.
    mutating func payloads(_ count: Int) async throws -> [[UInt8]] {
        var payloads: [[UInt8]] = []
        while payloads.count < count {
            _ = try await until { if case .frame = $0 { true } else { false } }.last.map { event in
                if case .frame(let frame, _) = event, case .notification(_, let payload) = frame.content { payloads.append(payload) }
            }
        }
        return payloads
    }

    static func isConnected(_ event: StrapReader.Event) -> Bool { if case .connected = event { true } else { false } }
}

@Suite(.heavy, .timeLimit(.minutes(10))) struct StrapReaderTests {
    /// Notifications from public captures, and synthetic ones for the paths no capture
    /// exercises, chosen so every framing meets its special bytes (0x00, 0xC0, 0xDB).
    static let notifications: [[UInt8]] = [
        [0x10, 0x48, 0x2C, 0x03],                   // Polar H10: 72 bpm, RR 812
        [0x16, 0x4D, 0x16, 0x03],                   // Polar H7: 77 bpm, contact detected, RR 790
        [0x10, 0x50, 0xC0, 0x02],                   // Polar H7: 80 bpm, RR 704 (0xC0 is SLIP's END)
        [0x19, 0x4B, 0x00, 0x0A, 0x00, 0xD2, 0x02], // synthetic: energy 10 kJ (zeros for COBS)
        [0x10, 0xDB, 0xDB, 0x02],                   // synthetic: 219 bpm, RR 731 (0xDB is SLIP's ESC)
    ]

    @Test(arguments: StrapFraming.allCases)
    func everyFramingThroughARealPseudoTerminal(_ framing: StrapFraming) async throws {
        let pair = try SocatPair()
        var events = StrapEvents(StrapReader(StrapReader.Configuration(path: pair.device, baudRate: 115_200, framing: framing)))
        _ = try await events.until(StrapEvents.isConnected)
        // A live port starts unsynchronised: a delimiter first, as a bridge that has been running sends.
        var bytes: [UInt8] = framing == .cobs ? [0x00] : framing == .slip ? [] : [0x0D, 0x0A]
        for (index, payload) in Self.notifications.enumerated() {
            bytes += framing.encode(.notification(kind: 0x2A37, payload: payload), sequence: UInt32(index), milliseconds: UInt64(index) * 1000)
        }
        try pair.write(bytes)
        let received = try await events.payloads(Self.notifications.count)
        #expect(received == Self.notifications)
        let decoded = try received.map { try HeartRateMeasurement(decoding: $0) }
        #expect(decoded.map(\.beatsPerMinute) == [72, 77, 80, 75, 219])
        #expect(decoded.map(\.rrIntervals) == [[812], [790], [704], [722], [731]])
        #expect(decoded[3].energyExpended == 10)
        #expect(decoded[1].contact == .detected)
    }

    @Test func reconnectsWhenTheFarEndGoesAwayAndComesBack() async throws {
        let pair = try SocatPair()
        var events = StrapEvents(StrapReader(StrapReader.Configuration(path: pair.device, framing: .hrm1, reconnectInterval: 0.05)))
        _ = try await events.until(StrapEvents.isConnected)
        try pair.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: Self.notifications[0]), sequence: 1, milliseconds: 1000))
        #expect(try await events.payloads(1) == [Self.notifications[0]])
        // Half a line, then the bridge is gone: the fragment must not join the next connection's bytes.
        try pair.write(Array("$HRM1,2,2000,2A37,16".utf8))
        try await Task.sleep(for: .milliseconds(100))
        pair.stop()
        let lost = try await events.until { if case .disconnected = $0 { true } else { false } }
        guard case .disconnected(let path, let reason)? = lost.last else { throw SocatError("no disconnect") }
        #expect(path == pair.device)
        #expect(!reason.isEmpty)
        try pair.start()
        _ = try await events.until(StrapEvents.isConnected)
        try pair.write(Array("4D1603*0000\r\n".utf8) + StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: Self.notifications[1]), sequence: 3, milliseconds: 3000))
        let after = try await events.until { if case .frame = $0 { true } else { false } }
        guard case .frame(let frame, _)? = after.last else { throw SocatError("no frame") }
        #expect(frame.content == .notification(kind: 0x2A37, payload: Self.notifications[1]))
        #expect(frame.sequence == 3)
        // The tail of the old line was dropped as a partial frame, never decoded.
        #expect(after.contains { if case .problem(let problem) = $0, case .skippedPartialFrame = problem.kind { true } else { false } })
    }

    @Test func waitsForADeviceThatIsNotPluggedInYet() async throws {
        let pair = try SocatPair()
        pair.stop()
        var events = StrapEvents(StrapReader(StrapReader.Configuration(path: pair.device, reconnectInterval: 0.05)))
        let waiting = try await events.until { if case .waiting = $0 { true } else { false } }
        guard case .waiting(let error)? = waiting.last else { throw SocatError("no waiting event") }
        #expect(error.code == ENOENT)
        #expect(error.description.contains(pair.device))
        #expect(error.description.contains("/dev/serial/by-id"))
        try pair.start()
        _ = try await events.until(StrapEvents.isConnected)
    }

    /// A device that is absent is tried again on the backoff gpsd uses, on a virtual clock the test moves (no
    /// sleeping): a quarter second, doubling to four; once it opened and went away, a quarter second again.
    @Test func reopensOnTheBackoffOfAVirtualClock() async throws {
        let pair = try SocatPair()
        pair.stop()
        let waits = VirtualReconnectWaits()
        var events = StrapEvents(StrapReader(StrapReader.Configuration(path: pair.device), waits: waits))
        _ = try await events.until { if case .waiting = $0 { true } else { false } }
        var asked: [TimeInterval] = []
        for round in 1...6 {
            asked = try await offThePool { waits.waitsBegun(round) }
            try #require(asked.count == round, "the reader did not try again after \(asked)")
            if round < 6 { waits.advance(by: asked[round - 1]) }
        }
        #expect(asked == [0.25, 0.5, 1, 2, 4, 4])
        try pair.start()
        waits.advance(by: 4)
        _ = try await events.until(StrapEvents.isConnected)
        pair.stop()
        _ = try await events.until { if case .disconnected = $0 { true } else { false } }
        asked = try await offThePool { waits.waitsBegun(7) }
        #expect(asked.last == 0.25, "a device that opened starts the backoff over: \(asked)")
    }

    @Test func silenceIsReportedAsStale() async throws {
        let pair = try SocatPair()
        var events = StrapEvents(StrapReader(StrapReader.Configuration(path: pair.device, staleAfter: 0.3)))
        _ = try await events.until(StrapEvents.isConnected)
        let stale = try await events.until { if case .stale = $0 { true } else { false } }
        guard case .stale(let seconds)? = stale.last else { throw SocatError("no stale event") }
        #expect(seconds > 0.3)
    }

    @Test func aCaptureFileIsReadToItsEnd() async throws {
        let file = Scratch.url("capture", extension: "log")
        try Data("16 4B 02 03\ngarbage\n10 48 2C 03\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var seen: [StrapReader.Event] = []
        for try await event in StrapReader(StrapReader.Configuration(path: file.path, framing: .hex)).events() { seen.append(event) }
        let payloads = seen.compactMap { event -> [UInt8]? in
            if case .frame(let frame, _) = event, case .notification(_, let payload) = frame.content { payload } else { nil }
        }
        #expect(payloads == [[0x16, 0x4B, 0x02, 0x03], [0x10, 0x48, 0x2C, 0x03]])
        guard case .endOfFile? = seen.last else { throw SocatError("the stream did not end with the file: \(seen)") }
    }

    @Test func aPathThatCanNeverBeAPortEndsTheStreamWithAnError() async throws {
        let folder = FileManager.default.temporaryDirectory.path
        await #expect(throws: SerialPortError.self) {
            for try await _ in StrapReader(StrapReader.Configuration(path: folder)).events() {}
        }
        #expect(throws: SerialPortError.self) { _ = try SerialPort(path: "/dev/null", baudRate: 12345) }
    }
}
