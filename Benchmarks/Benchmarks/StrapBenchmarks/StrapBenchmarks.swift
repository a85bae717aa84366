import Benchmark
import BenchmarkSupport
import GATT
import SensorBridge

/// Target: decoding at least 5,000,000 strap notifications per second.
///
/// Measured on the bytes the real captures hold, over 100,000 notifications
/// per iteration: the 0x2A37 decoder alone, and the whole path from HRM1 lines
/// (CRC, fields, hex) and from COBS frames through the decoder.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: Smoke.iterations(20))

    let payloads: [[UInt8]] = [
        [0x10, 0x48, 0x2C, 0x03], [0x16, 0x4D, 0x16, 0x03], [0x10, 0x4E, 0xD2, 0x02, 0xC8, 0x02], [0x14, 0x46, 0x59, 0x03, 0x58, 0x03],
        [0x16, 0x48, 0x54, 0x01, 0xEC, 0x02], [0x19, 0x4B, 0x00, 0x0A, 0x00, 0xD2, 0x02], [0x00, 0x40], [0x10, 0x39, 0x23, 0x04, 0x35],
    ]
    let count = Smoke.size(100_000, smoke: 1_000)
    let notifications = (0..<count).map { payloads[$0 % payloads.count] }

    // One iteration is 100,000 notifications: 10 iterations/s is 1,000,000 notifications/s.
    Benchmark("0x2A37 decoder: 100,000 notifications") { benchmark in
        var beats = 0
        for bytes in notifications {
            if let measurement = try? HeartRateMeasurement(decoding: bytes) { beats &+= Int(measurement.beatsPerMinute) }
        }
        blackHole(beats)
    }

    for framing in [StrapFraming.hrm1, .cobs] {
        var stream: [UInt8] = []
        for (index, payload) in notifications.enumerated() {
            stream += framing.encode(.notification(kind: 0x2A37, payload: payload), sequence: UInt32(index), milliseconds: UInt64(index) * 1000)
        }
        Benchmark("\(framing.rawValue) frames to measurements: 100,000 notifications") { benchmark in
            do {
                var decoder = StrapFrameDecoder(framing: framing, synchronised: true)
                var events: [StrapFrameDecoder.Event] = []
                events.reserveCapacity(1024)
                var beats = 0
                var offset = 0
                while offset < stream.count {
                    events.removeAll(keepingCapacity: true)
                    decoder.decode(stream[offset..<min(offset + 4096, stream.count)], into: &events)
                    offset += 4096
                    for case .frame(let frame) in events {
                        if case .notification(_, let payload) = frame.content, let measurement = try? HeartRateMeasurement(decoding: payload) {
                            beats &+= Int(measurement.beatsPerMinute)
                        }
                    }
                }
                blackHole(beats)
            }
        }
    }
}
