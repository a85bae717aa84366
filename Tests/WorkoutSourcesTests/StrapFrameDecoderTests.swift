import Foundation
import PropertyBased
import Testing
import WorkoutSources
import SensorBridge
import GATT

@Suite struct StrapFrameDecoderTests {
    static func frames(_ events: [StrapFrameDecoder.Event]) -> [StrapFrameDecoder.Frame] {
        events.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }
    }

    static func problems(_ events: [StrapFrameDecoder.Event]) -> [StrapFrameProblem] {
        events.compactMap { if case .problem(let problem) = $0 { problem } else { nil } }
    }

    static func payloads(_ events: [StrapFrameDecoder.Event]) -> [[UInt8]] {
        frames(events).compactMap { if case .notification(_, let payload) = $0.content { payload } else { nil } }
    }

    @Test func hrm1LinesWithSequenceTimeAndLink() {
        var decoder = StrapFrameDecoder(framing: .hrm1)
        let text = "$HRM1,42,123456,2A37,164B0203*B181\r\n"
            + String(decoding: StrapFraming.hrm1.encode(.link(up: false), sequence: 43, milliseconds: 124_000), as: UTF8.self)
            + String(decoding: StrapFraming.hrm1.encode(.notification(kind: 0x2A38, payload: [0x01]), sequence: 44, milliseconds: 125_000), as: UTF8.self)
        let events = decoder.decode(Array(text.utf8))
        let frames = Self.frames(events)
        #expect(Self.problems(events).isEmpty)
        #expect(frames.map(\.content) == [.notification(kind: 0x2A37, payload: [0x16, 0x4B, 0x02, 0x03]), .link(up: false),
                                          .notification(kind: 0x2A38, payload: [0x01])])
        #expect(frames.map(\.sequence) == [42, 43, 44])
        #expect(frames.map(\.bridgeMilliseconds) == [123_456, 124_000, 125_000])
        #expect(frames.map(\.byteOffset) == [0, 36, 66])
    }

    /// HRM2 lines carry a device tag; either line framing reads both versions, in one stream and one sequence.
    @Test(arguments: [StrapFraming.hrm1, .hrm2])
    func hrm2LinesCarryTheirDevice(_ framing: StrapFraming) {
        var decoder = StrapFrameDecoder(framing: framing)
        // The checksum worked out by Python's binascii.crc_hqx(body, 0xFFFF), not by our encoder.
        let text = "$HRM2,5,1000,P1,2A63,2000C8000A000004*D4D8\r\n"
            + String(decoding: StrapFraming.hrm2.encode(.link(up: false), sequence: 6, milliseconds: 1_100, device: "C4:7A:11:22:33:44"), as: UTF8.self)
            + String(decoding: StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x06, 0x48]), sequence: 7, milliseconds: 1_200),
                     as: UTF8.self)
        let events = decoder.decode(Array(text.utf8))
        #expect(Self.problems(events).isEmpty, "\(Self.problems(events))")
        let frames = Self.frames(events)
        #expect(frames.map(\.device) == ["P1", "C4:7A:11:22:33:44", nil])
        #expect(frames.map(\.content) == [.notification(kind: 0x2A63, payload: [0x20, 0x00, 0xC8, 0x00, 0x0A, 0x00, 0x00, 0x04]), .link(up: false),
                                          .notification(kind: 0x2A37, payload: [0x06, 0x48])])
        #expect(frames.map(\.bridgeMilliseconds) == [1_000, 1_100, 1_200])
    }

    @Test func hrm2RefusesAMissingOrBadDeviceTag() {
        var decoder = StrapFrameDecoder(framing: .hrm2)
        let lines = ["HRM2,1,1000,2A37,0648", "HRM2,2,1000,a b,2A37,0648", "HRM2,3,1000,,2A37,0648", "HRM2,4,1000,ABCDEFGHIJKLMNOPQR,2A37,0648"]
        let text = lines.map { body in "$\(body)*" + String(format: "%04X", StrapFraming.crc16(Array(body.utf8))) + "\r\n" }.joined()
        let events = decoder.decode(Array(text.utf8))
        #expect(Self.frames(events).isEmpty)
        let messages = Self.problems(events).map(\.description)
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.first?.contains("HRM2 has 6 fields") == true, "\(messages)")
        #expect(messages.dropFirst().allSatisfy { $0.contains("device tag") }, "\(messages)")
    }

    @Test func hrm1RejectsBadChecksumsAndReportsGapsAndRestarts() {
        var decoder = StrapFrameDecoder(framing: .hrm1, synchronised: true)
        func line(_ sequence: UInt32) -> [UInt8] {
            StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x10, 0x4C, 0x28, 0x03]), sequence: sequence, milliseconds: UInt64(sequence) * 1000)
        }
        var corrupted = line(8)
        corrupted[corrupted.count - 3] = corrupted[corrupted.count - 3] == UInt8(ascii: "F") ? UInt8(ascii: "E") : UInt8(ascii: "F")
        let events = decoder.decode(line(7) + corrupted + line(11) + line(3))
        #expect(Self.frames(events).map(\.sequence) == [7, 11, 3])
        let kinds = Self.problems(events).map(\.kind)
        #expect(kinds.count == 3)
        if case .checksumMismatch = kinds[0] {} else { Issue.record("expected a CRC mismatch, got \(kinds[0])") }
        #expect(kinds[1] == .sequenceGap(expected: 8, received: 11))
        #expect(kinds[2] == .sequenceRestart(previous: 11, received: 3))
        #expect(Self.problems(events)[0].description.contains("CRC mismatch"))
        #expect(Self.problems(events)[1].description.contains("3 frame(s) lost"))
    }

    @Test func hrm1ResynchronisesAfterGarbageAndOpeningMidLine() {
        var decoder = StrapFrameDecoder(framing: .hrm1)
        let events = decoder.decode(Array(",2A37,1048*1234\r\nnoise$HRM1,42,123456,2A37,164B0203*B181\r\n$HRM2,1,2,2A37,00*0000\r\n".utf8))
        #expect(Self.payloads(events) == [[0x16, 0x4B, 0x02, 0x03]])
        let kinds = Self.problems(events).map(\.kind)
        #expect(kinds.first == .skippedPartialFrame(bytes: 17))
        #expect(kinds.contains(.skippedGarbage(bytes: 5)))
        #expect(kinds.count == 3)
    }

    @Test func hexLinesInTheFormsBridgesPrint() {
        var decoder = StrapFrameDecoder(framing: .hex, synchronised: true)
        let lines = [
            "16 4B 02 03",
            "164B0203",
            "16-4B-02-03",
            "0x16 0x4b 0x02 0x03",
            "Notification handle = 0x000e value: 16 4b 02 03",
            "I 19:41:44.658 Notification received from 00002a37-0000-1000-8000-00805f9b34fb, value: (0x) 16-4B-02-03",
            "[22, 75, 2, 3]",
            "[1.085s] 16:4B:02:03",
            "HR: 72 bpm",
        ]
        let events = decoder.decode(Array(lines.joined(separator: "\r\n").utf8) + [0x0A])
        #expect(Self.payloads(events) == Array(repeating: [0x16, 0x4B, 0x02, 0x03], count: 8))
        #expect(Self.problems(events).map(\.kind) == [.noHexBytes])
    }

    @Test func hexLinesDropTheFirstPartialLineOfALivePort() {
        var decoder = StrapFrameDecoder(framing: .hex)
        let events = decoder.decode(Array("4B 02 03\r\n10 48 2C 03\r\n".utf8))
        #expect(Self.payloads(events) == [[0x10, 0x48, 0x2C, 0x03]])
        #expect(Self.problems(events).map(\.kind) == [.skippedPartialFrame(bytes: 10)])
    }

    @Test func slipEscapesBadEscapesAndJunkBeforeTheFirstEnd() {
        var decoder = StrapFrameDecoder(framing: .slip)
        let real = StrapFraming.slip.encode(.notification(kind: 0x2A37, payload: [0x10, 0x50, 0xC0, 0x02]), sequence: 0, milliseconds: 0)
        let events = decoder.decode([0x55, 0x66] + real + [0x10, 0xDB, 0x00, 0x50, 0xC0] + [0xC0, 0xC0] + real)
        #expect(Self.payloads(events) == [[0x10, 0x50, 0xC0, 0x02], [0x10, 0x50, 0xC0, 0x02]])
        let kinds = Self.problems(events).map(\.kind)
        #expect(kinds == [.skippedPartialFrame(bytes: 3), .invalidEscape(0x00)])
    }

    @Test func cobsFramesAndInvalidCodes() {
        var decoder = StrapFrameDecoder(framing: .cobs, synchronised: true)
        let a = StrapFraming.cobs.encode(.notification(kind: 0x2A37, payload: [0x00, 0x40]), sequence: 0, milliseconds: 0)
        let b = StrapFraming.cobs.encode(.notification(kind: 0x2A37, payload: [0x10, 0x50, 0x00, 0x03, 0x00, 0x03]), sequence: 0, milliseconds: 0)
        let events = decoder.decode(a + [0x05, 0x10, 0x00] + b)
        #expect(Self.payloads(events) == [[0x00, 0x40], [0x10, 0x50, 0x00, 0x03, 0x00, 0x03]])
        let problems = Self.problems(events)
        #expect(problems.count == 1)
        if case .invalidCOBS = problems.first?.kind {} else { Issue.record("expected an invalid COBS frame") }
        #expect(problems.first?.byteOffset == a.count)
    }

    @Test func oversizedFramesAreCappedAndDecodingCarriesOn() {
        for framing in StrapFraming.allCases {
            var decoder = StrapFrameDecoder(framing: framing, synchronised: true, maximumFrameLength: 32)
            let good = framing.encode(.notification(kind: 0x2A37, payload: [0x16, 0x4B, 0x02, 0x03]), sequence: 1, milliseconds: 1)
            let flood = [UInt8](repeating: 0x31, count: 5000) + (framing == .slip ? [0xC0] : framing == .cobs ? [0x00] : [0x0A])
            let events = decoder.decode(flood + good)
            #expect(Self.payloads(events) == [[0x16, 0x4B, 0x02, 0x03]], "\(framing)")
            #expect(Self.problems(events).map(\.kind) == [.oversizedFrame(limit: 32)], "\(framing)")
        }
    }

    @Test func theEndOfAStreamInsideAFrameIsReported() {
        var decoder = StrapFrameDecoder(framing: .hrm1, synchronised: true)
        #expect(decoder.decode(Array("$HRM1,1,2,2A37,10".utf8)).isEmpty)
        #expect(Self.problems(decoder.finish()).map(\.kind) == [.truncatedFrame(bytes: 17)])
    }

    /// Any chunking of a stream gives the same frames: bytes are never lost or
    /// joined at chunk boundaries.
    @Test func chunkBoundariesDoNotMatter() async {
        let payloads = Gen.uint8().array(of: 2...20).array(of: 1...12)
        await propertyCheck(count: 200, input: payloads, Gen.int(in: 1...40), Gen.int(in: 0...3)) { payloads, chunk, framingIndex in
            let framing = StrapFraming.allCases[framingIndex]
            // Hex lines cannot carry an empty payload; everything else can.
            var stream: [UInt8] = []
            for (index, payload) in payloads.enumerated() {
                stream += framing.encode(.notification(kind: 0x2A37, payload: payload), sequence: UInt32(index), milliseconds: UInt64(index) * 1000)
            }
            var decoder = StrapFrameDecoder(framing: framing, synchronised: true)
            var events: [StrapFrameDecoder.Event] = []
            var start = 0
            while start < stream.count {
                decoder.decode(stream[start..<min(start + chunk, stream.count)], into: &events)
                start += chunk
            }
            #expect(Self.payloads(events) == payloads, "\(framing)")
            #expect(Self.problems(events).isEmpty, "\(framing)")
        }
    }

    /// Random and mutated bytes never crash a decoder, and a valid frame after
    /// the damage is still found.
    @Test func mutatedStreamsNeverCrashAndRecover() async {
        let good: [UInt8] = [0x16, 0x4B, 0x02, 0x03]
        await propertyCheck(count: 400, input: Gen.uint8().array(of: 0...300), Gen.int(in: 0...3), Gen.int(in: 0...50)) { noise, framingIndex, flips in
            let framing = StrapFraming.allCases[framingIndex]
            var stream: [UInt8] = []
            for sequence in 0..<5 {
                stream += framing.encode(.notification(kind: 0x2A37, payload: good), sequence: UInt32(sequence), milliseconds: 0)
            }
            // Flip bytes deterministically from the noise, then append noise and a clean tail.
            for flip in 0..<min(flips, noise.count) where !stream.isEmpty {
                stream[Int(noise[flip]) % stream.count] ^= noise[(flip + 1) % noise.count] | 1
            }
            stream += noise
            let delimiter: [UInt8] = framing == .slip ? [0xC0] : framing == .cobs ? [0x00] : [0x0D, 0x0A]
            let tail = framing.encode(.notification(kind: 0x2A37, payload: good), sequence: 99, milliseconds: 0)
            var decoder = StrapFrameDecoder(framing: framing)
            let events = decoder.decode(stream + delimiter + tail)
            for payload in Self.payloads(events) { #expect(payload.count <= decoder.maximumFrameLength) }
            #expect(Self.payloads(events).last == good, "\(framing)")
            for measurement in Self.payloads(events) { _ = try? HeartRateMeasurement(decoding: measurement) }
        }
    }
}
