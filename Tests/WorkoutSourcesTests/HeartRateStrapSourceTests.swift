import Foundation
import Synchronization
import OpenHealthKit
import Testing
import TestSupport
import WorkoutSources
import GATT
import SensorBridge
import WorkoutFormats

@Suite(.heavy, .timeLimit(.minutes(10))) struct HeartRateStrapSourceTests {
    @Test func theHrmSchemeReadsItsParameters() throws {
        HeartRateStrapSource.register()
        let sources = try WorkoutSourceRegistry.sources(for: WorkoutSourceSpecification.list("hrm:/dev/ttyUSB0?baud=9600&framing=slip&stale=5"))
        let source = try #require(sources.first as? HeartRateStrapSource)
        #expect(source.name == "hrm:/dev/ttyUSB0")
        #expect(source.configuration == StrapReader.Configuration(path: "/dev/ttyUSB0", baudRate: 9600, framing: .slip, staleAfter: 5))
        let plain = try HeartRateStrapSource.configuration(device: "/dev/serial/by-id/usb-bridge@230400")
        #expect(plain.path == "/dev/serial/by-id/usb-bridge")
        #expect(plain.baudRate == 230_400)
        #expect(plain.framing == .hrm1)
        for (text, words) in [("hrm:/dev/ttyUSB0?baud=12345", "standard rate"), ("hrm:/dev/ttyUSB0?framing=nmea", "unknown framing"),
                              ("hrm:/dev/ttyUSB0?speed=2", "unknown parameter 'speed'"), ("hrm:/dev/ttyUSB0?stale=-1", "stale")] {
            #expect { try WorkoutSourceRegistry.sources(for: WorkoutSourceSpecification.list(text)) } throws: { error in
                "\(error)".contains(words) && "\(error)".contains(text)
            }
        }
    }

    /// A bridge silent when opened is said to be silent, and no longer once its first notification comes: the silence
    /// must not stay on the dashboard's sensors line and the live page for the whole ride.
    @Test func aStrapHeardAfterASilenceIsNoLongerSilent() async throws {
        let pair = try SocatPair()
        defer { pair.stop() }
        let source = HeartRateStrapSource(StrapReader.Configuration(path: pair.device, framing: .hrm1, staleAfter: 0.3))
        var statuses: [WorkoutSourceStatus] = []
        var heard = 0
        for try await reading in source.readings() {
            switch reading {
            case .status(let status):
                statuses.append(status)
                if status.kind == .stale {
                    let measurement = HeartRateMeasurement(beatsPerMinute: 80, contact: .detected, rrIntervals: [])
                    for sequence in 0..<3 {
                        try pair.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: measurement.encoded()), sequence: UInt32(sequence),
                                                                milliseconds: 1000 + UInt64(sequence) * 100))
                    }
                }
            case .quantity: heard += 1
            default: break
            }
            // Without the status, the readings alone end the wait.
            if statuses.count == 3 || heard >= 3 { break }
        }
        #expect(statuses.map(\.kind) == [.connected, .stale, .connected], "\(statuses.map(\.detail))")
        #expect(statuses.last?.detail == "notifications again on \(pair.device)")
        #expect(heard == 0, "the status comes before the reading it announces")
    }

    /// A strap feeds a live workout through a real pseudo-terminal: heart rate,
    /// beats and HRV reach the workout; readings without skin contact are left

    /// An indoor `activity` recorded into `store` from a bridge on `device` (HRM1 framing), collecting `extra`
    /// types too, started on the system clock once the bridge is connected.
    func recording(_ activity: HKWorkoutActivityType, from device: String, into store: HKHealthStore, collecting extra: [HKQuantityType] = [],
                   sensors: SensorReadings.Settings = SensorReadings.Settings()) async throws
        -> (HKWorkoutSession, HKLiveWorkoutBuilder, HeartRateStrapSource, HKLiveWorkoutDataSource, Date) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity
        configuration.locationType = .indoor
        let clock = SystemClock()
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        let builder = session.associatedWorkoutBuilder()
        let source = HeartRateStrapSource(StrapReader.Configuration(path: device, framing: .hrm1), sensors: sensors, clock: clock)
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [source])
        for type in extra { dataSource.enableCollection(for: type, predicate: nil) }
        builder.dataSource = dataSource
        let start = clock.now
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        // Connected, and perhaps stale already (silent for 3 s) when a busy machine runs this task late: either way the port is open.
        var waited = 0
        while ![.connected, .stale].contains(dataSource.statuses[source.name]?.kind) {
            waited += 1
            try #require(waited < 3_000, "the bridge on \(device) never connected: \(String(describing: dataSource.statuses[source.name]))")
            try await Task.sleep(for: .milliseconds(20))
        }
        return (session, builder, source, dataSource, start)
    }
    /// out, and the loss is marked in the workout.
    @Test func aStrapOverAPseudoTerminalFeedsALiveWorkout() async throws {
        let pair = try SocatPair()
        let store = temporaryStore()
        try await store.requestAuthorization(toShare: [HKQuantityType(.heartRate), HKQuantityType(.heartRateVariabilitySDNN), HKWorkoutType(),
                                                       HKSeriesType.heartbeat(), HKQuantityType(.activeEnergyBurned)], read: [HKQuantityType(.heartRate)])
        let (session, builder, source, dataSource, start) = try await recording(.running, from: pair.device, into: store,
                                                                                 collecting: [HKQuantityType(.heartRateVariabilitySDNN)])

        // Ten notifications on the bridge's clock, 200 ms apart; the fourth to sixth without skin contact.
        var sequence: UInt32 = 0
        for index in 0..<10 {
            let contact = (3...5).contains(index) ? HeartRateMeasurement.SensorContact.notDetected : .detected
            let rate: UInt16 = index == 9 ? 99 : 80 + UInt16(index)
            let measurement = HeartRateMeasurement(beatsPerMinute: rate, contact: contact, rrIntervals: [UInt16(60.0 / Double(rate) * 1024)])
            try pair.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: measurement.encoded()), sequence: sequence, milliseconds: 5000 + UInt64(index) * 200))
            sequence += 1
            try await Task.sleep(for: .milliseconds(200))
        }
        let heartRate = HKQuantityType(.heartRate)
        let bpm = HKUnit(from: "count/min")
        while builder.statistics(for: heartRate)?.maximumQuantity()?.doubleValue(for: bpm) != 99 {
            try #require(dataSource.failures.isEmpty)
            try await Task.sleep(for: .milliseconds(20))
        }

        let statistics = try #require(builder.statistics(for: heartRate))
        // 80, 81, 82, 86, 87, 88, 99: the three without contact are left out.
        #expect(try #require(statistics.minimumQuantity()).doubleValue(for: bpm) == 80)
        let average = try #require(statistics.averageQuantity()).doubleValue(for: bpm)
        #expect(abs(average - 603.0 / 7) < 1e-6, "average \(average)")
        let end = SystemClock().now
        session.end()
        try await builder.endCollection(at: end)
        let workout = try #require(try await builder.finishWorkout())
        let markers = (workout.workoutEvents ?? []).filter { $0.type == .marker }
        let statuses = markers.compactMap { $0.metadata?[OpenHealthKitMetadataKeyDeviceStatus] as? String }
        // Under load more than the stale interval can pass before the first notification or after the last: "stale" is then right
        // (and "connected" when the strap is heard again).
        #expect(statuses.filter { $0 != "stale" && $0 != "connected" } == ["contactLost", "contactRestored"], "\(statuses)")
        #expect(markers.allSatisfy { $0.metadata?[OpenHealthKitMetadataKeyDeviceSource] as? String == source.name })
        // Every heart-rate sample lies inside the workout: bridge times never run ahead of arrival.
        let samples = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate, predicate: HKQuery.predicateForObjects(from: workout))],
                                                        sortDescriptors: []).result(for: store)
        // Readings that reached the store in one write are one series sample: count the readings.
        #expect(samples.reduce(0) { $0 + $1.count } == 7)
        #expect(samples.allSatisfy { $0.startDate >= start && $0.endDate <= end })
        // Beats from the RR intervals, and HRV from them, belong to the workout.
        let series = try await HKSampleQueryDescriptor(predicates: [.sample(type: HKSeriesType.heartbeat(), predicate: HKQuery.predicateForObjects(from: workout))],
                                                       sortDescriptors: []).result(for: store)
        #expect(series.count == 1)
        let variability = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.heartRateVariabilitySDNN),
                                                                                         predicate: HKQuery.predicateForObjects(from: workout))],
                                                            sortDescriptors: []).result(for: store)
        #expect(variability.count == 1)
        #expect(variability.first?.metadata?[OpenHealthKitMetadataKeyRMSSD] is Double)
        #expect(dataSource.failures.isEmpty)
    }

    /// A power meter's notifications through the same bridge and a real pseudo-terminal: a
    /// ride's power and cadence reach the live builder.
    @Test func aPowerMeterOverTheBridgeGivesPowerAndCadence() async throws {
        let pair = try SocatPair()
        let store = temporaryStore()
        let power = HKQuantityType(.cyclingPower), cadence = HKQuantityType(.cyclingCadence)
        try await store.requestAuthorization(toShare: [HKWorkoutType()], read: [power, cadence])
        let (session, builder, _, dataSource, _) = try await recording(.cycling, from: pair.device, into: store)

        // Five notifications a second apart: 200 W to 240 W, the crank turning 1.5 times a second (90 rpm).
        for index in 0..<5 {
            let watts = UInt16(200 + 10 * index)
            let revolutions = UInt16(3 * index / 2), time = UInt16((1024 * index) % 65_536)
            var payload: [UInt8] = [0x20, 0x00, UInt8(watts & 0xFF), UInt8(watts >> 8)]
            payload += [UInt8(revolutions & 0xFF), UInt8(revolutions >> 8), UInt8(time & 0xFF), UInt8(time >> 8)]
            try pair.write(StrapFraming.hrm1.encode(.notification(kind: 0x2A63, payload: payload), sequence: UInt32(index), milliseconds: 1000 + UInt64(index) * 1000))
            try await Task.sleep(for: .milliseconds(100))
        }
        while builder.statistics(for: power)?.maximumQuantity()?.doubleValue(for: .watt()) != 240 {
            try #require(dataSource.failures.isEmpty, "\(dataSource.failures)")
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(builder.statistics(for: power)?.averageQuantity()?.doubleValue(for: .watt()) == 220)
        // The first notification is the crank's baseline; the others give 90 rpm as revolutions and times allow (1 or 2 per second).
        let rpm = try #require(builder.statistics(for: cadence)?.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min")))
        #expect(abs(rpm - 90) < 1e-9, "cadence \(rpm)")
        session.end()
    }

    /// Indoors, a speed-and-cadence sensor's wheel gives speed and distance (revolutions × circumference), and its
    /// crank is not counted beside the power meter's, which carries the same crank.
    @Test func indoorsTheWheelGivesSpeedAndDistanceAndTheCrankCountsOnce() async throws {
        let pair = try SocatPair()
        let store = temporaryStore()
        let speed = HKQuantityType(.cyclingSpeed), distance = HKQuantityType(.distanceCycling), cadence = HKQuantityType(.cyclingCadence)
        try await store.requestAuthorization(toShare: [HKWorkoutType()], read: [speed, distance, cadence])
        // Indoors a data source collects no distance of its own; the app (as `workout record --indoor` does) asks for the wheel's.
        let (session, builder, _, dataSource, _) = try await recording(.cycling, from: pair.device, into: store, collecting: [speed, distance],
                                                                        sensors: SensorReadings.Settings(wheelCircumference: 2.105, distanceFromWheel: true))
        var sequence: UInt32 = 0
        func send(_ kind: UInt16, _ payload: [UInt8], at second: Int) throws {
            try pair.write(StrapFraming.hrm1.encode(.notification(kind: kind, payload: payload), sequence: sequence, milliseconds: 1000 + UInt64(second) * 1000))
            sequence += 1
        }
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
        // Six seconds: the wheel turns 4 times a second (8.42 m/s); the power meter's crank 1.5 times a second (90 rpm);
        // the CSC sensor's crank claims 3 times a second (180 rpm), which must not count.
        for second in 0..<6 {
            let time = (1024 * second) % 65_536
            try send(0x2A63, [0x20, 0x00] + le16(200) + le16(3 * second / 2) + le16(time), at: second)
            try send(0x2A5B, [0x03] + le32(5_000 + 4 * second) + le16(time) + le16(3 * second) + le16(time), at: second)
            try await Task.sleep(for: .milliseconds(100))
        }
        let metres = HKUnit.meter()
        _ = try await eventually(every: .milliseconds(20), within: .seconds(60)) {
            try #require(dataSource.failures.isEmpty, "\(dataSource.failures)")
            return (builder.statistics(for: distance)?.sumQuantity()?.doubleValue(for: metres) ?? 0) >= 5 * 4 * 2.105 - 1e-6
        }
        // The first notification is the wheel's baseline: 5 seconds of 4 revolutions.
        #expect(abs((builder.statistics(for: distance)?.sumQuantity()?.doubleValue(for: metres) ?? 0) - 5 * 4 * 2.105) < 1e-9)
        #expect(abs((builder.statistics(for: speed)?.averageQuantity()?.doubleValue(for: HKUnit(from: "m/s")) ?? 0) - 8.42) < 1e-9)
        // The power meter's crank alone: 1, 2, 1, 2, 1 revolutions in the seconds after its baseline, 84 rpm on average
        // (the CSC sensor's 180 rpm would raise it).
        let rpm = try #require(builder.statistics(for: cadence)?.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min")))
        #expect(abs(rpm - 84) < 1e-9, "the CSC sensor's crank counted beside the power meter's: \(rpm) rpm")
        session.end()
    }

    /// Two power meters on one bridge, their HRM2 lines interleaved (a capture file, read to its end): each meter's
    /// revolutions go through its own machine, so their cadences never mix, and a link lost to one is said with its tag.
    @Test func twoPowerMetersOnOneBridgeKeepTheirOwnCadence() async throws {
        var crank = ["P1": RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16), "P2": RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16)]
        var lines: [UInt8] = []
        var sequence: UInt32 = 0
        for second in 0..<10 {
            for (device, rpm) in [("P1", 90.0), ("P2", 60.0)] {
                let events = crank[device]!.advance(by: second == 0 ? 0 : 1, perMinute: rpm)
                let payload = CyclingPowerMeasurement(power: 200, crank: (UInt16(events.count), events.eventTime)).encoded()
                lines += StrapFraming.hrm2.encode(.notification(kind: 0x2A63, payload: payload), sequence: sequence, milliseconds: UInt64(second * 1_000),
                                                  device: device)
                sequence += 1
            }
        }
        lines += StrapFraming.hrm2.encode(.link(up: false), sequence: sequence, milliseconds: 10_000, device: "P2")
        let capture = Scratch.url("two-meters", extension: "hrm")
        try Data(lines).write(to: capture)
        var cadences: [Double] = [], statuses: [String] = []
        for try await reading in HeartRateStrapSource(StrapReader.Configuration(path: capture.path, framing: .hrm2)).readings() {
            switch reading {
            case .quantity(let sample) where sample.quantityType == HKQuantityType(.cyclingCadence):
                cadences.append(sample.quantity.doubleValue(for: HKUnit(from: "count/min")))
            case .status(let status):
                statuses.append(status.detail)
            default:
                break
            }
        }
        #expect(cadences.count == 18, "one baseline per meter: \(cadences)")
        #expect(Set(cadences.map { $0.rounded() }).isSubset(of: [60, 90]), "\(cadences)")
        #expect(cadences.filter { $0.rounded() == 60 }.count == 9)
        #expect(statuses.contains("the bridge lost its Bluetooth link to device P2"), "\(statuses)")
    }

    /// The shared Edge 500 ride (10,686 records, three hours) as a speed and cadence sensor's notifications, framed as
    /// HRM1 lines and written through a real pseudo-terminal as fast as the reader takes them, on a clock that reads
    /// each line's own time when it is written (as a bridge's lines arrive as it sends them): every notification
    /// arrives (one speed reading per record after each baseline), and distance and the average cadence while
    /// pedalling are within 1 % of the file's.
    @Test(.timeLimit(.minutes(10)), .enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the Edge 500 ride"))
    func aRealRidesSpeedAndCadenceThroughTheBridge() async throws {
        let ride = try Edge500Notifications()
        let pair = try SocatPair()
        defer { pair.stop() }
        let clock = WriterClock(ride.records[0].date)
        let source = HeartRateStrapSource(StrapReader.Configuration(path: pair.device, framing: .hrm1, staleAfter: 3_600),
                                          sensors: SensorReadings.Settings(wheelCircumference: ride.circumference, distanceFromWheel: true),
                                          clock: clock)
        let expectedSpeeds = ride.records.count - ride.baselines
        // A bridge sends a line a second; this one writes as fast as the port is read. The socat pair lost lines
        // here when the reader lagged far behind the writer, so the bridge waits while more than 40 lines (some
        // 1.6 kB, less than a pseudo-terminal holds) are unread.
        let consumed = Consumed()
        let consumer = Task { () -> [WorkoutReading] in
            var readings: [WorkoutReading] = []
            var speeds = 0
            for try await reading in source.readings() {
                readings.append(reading)
                if case .status(let status) = reading, status.kind == .connected { consumed.connected.store(true, ordering: .relaxed) }
                if case .quantity(let sample) = reading, sample.quantityType == HKQuantityType(.cyclingSpeed) {
                    speeds += 1
                    consumed.speeds.store(speeds, ordering: .relaxed)
                }
                if speeds == expectedSpeeds { break }
            }
            return readings
        }
        let lines = ride.lines, records = ride.records
        // A reader that stops reading would leave the writer blocked on a full pseudo-terminal for good: once it has
        // taken nothing for a minute the pair is closed, the write fails, and the test fails saying so rather than
        // hanging the suite. (The whole ride takes three and a half minutes beside a full suite here: a bound on the
        // total would fail a slower machine that is still reading.)
        let hangGuard = Task {
            var seen = -1
            var quiet = 0
            while quiet < 12 {
                try await Task.sleep(for: .seconds(5))
                let now = consumed.speeds.load(ordering: .relaxed)
                quiet = now == seen ? quiet + 1 : 0
                seen = now
            }
            pair.stop()
            consumer.cancel()
        }
        defer { hangGuard.cancel() }
        try await offThePool {
            // Wait until the reader has opened the device, then write each line at its own time on the clock. The
            // writer waits for the reader as long as the reader makes progress, however slowly a machine busy with
            // the rest of the suite lets it; a reader that takes nothing for 30 s has lost lines, and the rest are
            // written without waiting, so that the count below fails instead of the bridge stopping for good.
            let started = Date()
            while !consumed.connected.load(ordering: .relaxed), Date().timeIntervalSince(started) < 60 {
                Thread.sleep(forTimeInterval: 0.01)
            }
            var stalled = false
            for (index, (line, record)) in zip(lines, records).enumerated() {
                var seen = consumed.speeds.load(ordering: .relaxed)
                var progressed = Date()
                while !stalled, index - seen > 40 {
                    Thread.sleep(forTimeInterval: 0.001)
                    let now = consumed.speeds.load(ordering: .relaxed)
                    if now != seen {
                        seen = now
                        progressed = Date()
                    } else if Date().timeIntervalSince(progressed) > 30 {
                        stalled = true
                    }
                }
                clock.set(record.date)
                try pair.write(Array((line + "\r\n").utf8))
            }
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            consumer.cancel()
        }
        let readings = try await consumer.value
        watchdog.cancel()
        let figures = ride.figures(of: readings)
        #expect(figures.speeds == expectedSpeeds, "speed readings \(figures.speeds), records \(records.count), baselines \(ride.baselines)")
        #expect(abs(figures.metres - ride.sentMetres) / ride.sentMetres < 0.01, "distance \(figures.metres) m read, \(ride.sentMetres) m sent")
        #expect(abs(figures.cadence - ride.sentCadence) / ride.sentCadence < 0.01, "cadence \(figures.cadence) rpm read, \(ride.sentCadence) rpm sent")
        print("Edge 500 through the bridge: \(figures.speeds) speed readings for \(records.count) records (\(ride.baselines) baselines); "
              + String(format: "distance %.0f m read, %.0f m sent; cadence %.2f rpm read, %.2f rpm sent", figures.metres, ride.sentMetres, figures.cadence,
                       ride.sentCadence))
    }
}

/// How many speed readings the test's consumer has taken, for the writer to wait on.
final class Consumed: Sendable {
    let speeds = Atomic<Int>(0)
    let connected = Atomic<Bool>(false)
}

/// A clock a test's bridge sets to each line's time as it writes the line.
final class WriterClock: WorkoutClock, Sendable {
    private let seconds: Atomic<Double>

    init(_ date: Date) { seconds = Atomic(date.timeIntervalSinceReferenceDate) }

    func set(_ date: Date) { seconds.store(date.timeIntervalSinceReferenceDate, ordering: .relaxed) }

    var now: Date { Date(timeIntervalSinceReferenceDate: seconds.load(ordering: .relaxed)) }
}
