import Benchmark
import BenchmarkSupport
import GATT
import SensorBridge

/// Targets: decoding at least 5,000,000 strap notifications per second, and at least 10,000,000 a second of
/// each of the other sensors' (Cycling Power and CSC with the derivation of cadence and wheel speed; RSC, Indoor
/// Bike Data, Battery Level).
///
/// Measured on the bytes the real captures hold, over 100,000 notifications
/// per iteration: the 0x2A37 decoder alone, and the whole path from HRM1 lines
/// (CRC, fields, hex) and from COBS frames through the decoder; and a power
/// meter's and a speed and cadence sensor's notifications at 90 rpm and 30 km/h,
/// as `workout simulate` writes them, decoded and turned into rates.
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

    // A power meter with crank data and a CSC sensor with wheel and crank data, a second apart.
    var crankEvents = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16)
    var wheelEvents = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 32)
    var power: [[UInt8]] = [], csc: [[UInt8]] = []
    for index in 0..<count {
        let crank = crankEvents.advance(by: 1, perMinute: 90)
        let wheel = wheelEvents.advance(by: 1, perMinute: 30 / 3.6 / 2.105 * 60)
        power.append(CyclingPowerMeasurement(power: Int16(200 + index % 50), crank: (UInt16(crank.count), crank.eventTime)).encoded())
        csc.append(CSCMeasurement(wheel: (UInt32(wheel.count), wheel.eventTime), crank: (UInt16(crank.count), crank.eventTime)).encoded())
    }
    Benchmark("0x2A63 decoder and cadence: 100,000 notifications") { benchmark in
        var rate = RevolutionRate.crank()
        var total = 0.0
        for bytes in power {
            if let measurement = try? CyclingPowerMeasurement(bytes), let crank = measurement.crank {
                total += Double(measurement.power) + (rate.update(count: UInt64(crank.revolutions), eventTime: crank.eventTime, secondsSinceLast: 1) ?? 0)
            }
        }
        blackHole(total)
    }
    Benchmark("0x2A5B decoder, wheel speed and cadence: 100,000 notifications") { benchmark in
        var wheel = WheelSpeed.csc()
        var rate = RevolutionRate.crank()
        var total = 0.0
        for bytes in csc {
            guard let measurement = try? CSCMeasurement(bytes), let revolutions = measurement.wheelRevolutions, let time = measurement.wheelEventTime,
                  let crank = measurement.crankRevolutions, let crankTime = measurement.crankEventTime else { continue }
            total += wheel.update(revolutions: revolutions, eventTime: time, secondsSinceLast: 1).meters
            total += rate.update(count: UInt64(crank), eventTime: crankTime, secondsSinceLast: 1) ?? 0
        }
        blackHole(total)
    }

    // A foot pod (speed, cadence, stride length, total distance) and a smart trainer (speed, cadence, total distance,
    // power), as they notify at a steady 3.3 m/s and 90 rpm, 250 W.
    let pod: [[UInt8]] = (0..<count).map { index in
        let metres = UInt32(index * 33)
        return [0x03, 0x4D, 0x03, 90, 0x6E, 0x00, UInt8(metres & 0xFF), UInt8((metres >> 8) & 0xFF), UInt8((metres >> 16) & 0xFF), UInt8(metres >> 24)]
    }
    let trainer: [[UInt8]] = (0..<count).map { index in
        let metres = UInt32(index * 9)
        return [0x54, 0x00, 0x80, 0x0C, 0xB4, 0x00, UInt8(metres & 0xFF), UInt8((metres >> 8) & 0xFF), UInt8((metres >> 16) & 0xFF),
                UInt8(250 + index % 5), 0x00]
    }
    Benchmark("0x2A53 decoder: 100,000 notifications") { benchmark in
        var total = 0.0
        for bytes in pod {
            if let measurement = try? RSCMeasurement(bytes) { total += measurement.speed + (measurement.strideLength ?? 0) }
        }
        blackHole(total)
    }
    Benchmark("0x2AD2 decoder: 100,000 notifications") { benchmark in
        var total = 0.0
        for bytes in trainer {
            if let data = try? IndoorBikeData(bytes) { total += (data.speed ?? 0) + (data.cadence ?? 0) + Double(data.power ?? 0) }
        }
        blackHole(total)
    }
    Benchmark("0x2A19 decoder: 100,000 notifications") { benchmark in
        var total = 0
        for index in 0..<count {
            if let level = try? BatteryLevel([UInt8(index % 101)]) { total &+= Int(level.percent) }
        }
        blackHole(total)
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
