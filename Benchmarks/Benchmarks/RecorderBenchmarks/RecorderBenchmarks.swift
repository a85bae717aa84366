import Benchmark
import BenchmarkSupport
import Foundation
import OpenHealthKit
import WorkoutSources
import GPSDReceiver

/// A new file store in a temporary folder named from `prefix`, with a
/// recording's types authorized, an outdoor cycling configuration, and the folder.
func cyclingStore(_ prefix: String) async throws -> (HKHealthStore, HKWorkoutConfiguration, folder: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    let path = folder.appendingPathComponent("health.sqlite").path
    let store = HKHealthStore(location: .file(path), source: HKSource(name: "Bench", bundleIdentifier: "org.openhealthkit.bench"))
    let types: Set<HKSampleType> = [HKQuantityType(.heartRate), HKQuantityType(.distanceCycling), HKQuantityType(.cyclingSpeed),
                                    HKQuantityType(.activeEnergyBurned), HKQuantityType(.basalEnergyBurned), HKWorkoutType(), HKSeriesType.workoutRoute()]
    try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .cycling
    configuration.locationType = .outdoor
    return (store, configuration, folder)
}

/// One recording in progress, shared by the iterations.
actor Recording {
    static let shared = Recording()
    private var parts: (store: HKHealthStore, session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, dataSource: HKLiveWorkoutDataSource, start: Date)?
    private var second = 0

    /// The next fix and heart rate, one second after the last; the recording starts on first use.
    func next() async throws -> (HKLiveWorkoutDataSource, HKLiveWorkoutBuilder, [WorkoutReading]) {
        if parts == nil {
            let (store, configuration, _) = try await cyclingStore("ohk-rec")
            let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: SystemClock())
            let builder = session.associatedWorkoutBuilder()
            let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [])
            builder.dataSource = dataSource
            let start = Date()
            session.startActivity(with: start)
            try await builder.beginCollection(at: start)
            parts = (store, session, builder, dataSource, start)
        }
        let (_, _, builder, dataSource, start) = parts!
        second += 1
        let t = start.addingTimeInterval(Double(second))
        let fix = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + Double(second) * 8 / 111_200, longitude: 11), altitude: 500,
                             horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: 8, timestamp: t)
        let heartRate = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 140),
                                         start: t, end: t)
        return (dataSource, builder, [.location(fix), .quantity(heartRate)])
    }
}

/// A stand-in for gpsd on a loopback port: it greets the client as gpsd does
/// and writes the TPV reports it is given, so a real ``GPSDSource`` (libgps)
/// reads them from a real socket.
final class FakeGPSD: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var client: Int32 = -1

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 1) == 0 else { throw CocoaError(.fileWriteUnknown) }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            let fd = accept(listener, nil, nil)
            let greeting = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"
            _ = greeting.withCString { write(fd, $0, strlen($0)) }
            lock.withLock { client = fd }
            var scratch = [UInt8](repeating: 0, count: 4096)
            while read(fd, &scratch, scratch.count) > 0 {}   // ?WATCH and ?POLL: read and ignored
        }
    }

    /// Whether the client has connected.
    var connected: Bool { lock.withLock { client >= 0 } }

    /// Writes one line to the client.
    func send(_ line: String) {
        let fd = lock.withLock { client }
        _ = (line + "\n").withCString { write(fd, $0, strlen($0)) }
    }
}

/// The builder's delegate, as an app has one: resumes a waiting benchmark
/// when it is told of statistics that hold the fix it waits for.
final class FixWaiter: HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: (date: Date, continuation: CheckedContinuation<Void, Never>)?
    private let speed = HKQuantityType(.cyclingSpeed)

    /// Returns once `builder`'s speed statistics end with the fix at `date`.
    func wait(for date: Date, in builder: HKLiveWorkoutBuilder) async {
        await withCheckedContinuation { continuation in
            lock.withLock { waiting = (date, continuation) }
            check(builder)   // told already, before the wait began
        }
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        check(workoutBuilder)
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}

    private func check(_ builder: HKLiveWorkoutBuilder) {
        let latest = builder.statistics(for: speed)?.mostRecentQuantityDateInterval()?.start
        let ready = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard let waiting, latest == waiting.date else { return nil }
            defer { self.waiting = nil }
            return waiting.continuation
        }
        ready?.resume()
    }
}

/// A recording fed by a real ``GPSDSource`` reading ``FakeGPSD``.
actor SocketRecording {
    static let shared = SocketRecording()
    private var parts: (gpsd: FakeGPSD, builder: HKLiveWorkoutBuilder, session: HKWorkoutSession, start: Date, waiter: FixWaiter)?
    private var second = 0

    /// The server, the builder, and the next fix's time and TPV report; the
    /// recording starts on first use and waits until libgps has connected.
    func next() async throws -> (FakeGPSD, HKLiveWorkoutBuilder, FixWaiter, Date, String) {
        if parts == nil {
            let gpsd = try FakeGPSD()
            let (store, configuration, _) = try await cyclingStore("ohk-sock")
            let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: SystemClock())
            let builder = session.associatedWorkoutBuilder()
            let waiter = FixWaiter()
            builder.delegate = waiter
            builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration,
                                                         sources: [GPSDSource(host: "127.0.0.1", port: gpsd.port, watchdog: 30)])
            let start = Date()
            session.startActivity(with: start)
            try await builder.beginCollection(at: start)
            while !gpsd.connected { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(200))
            parts = (gpsd, builder, session, start, waiter)
        }
        let (gpsd, builder, _, start, waiter) = parts!
        second += 1
        let t = start.addingTimeInterval(Double(second)).timeIntervalSince1970.rounded(.down)
        let date = Date(timeIntervalSince1970: t)
        let latitude = 48 + Double(second) * 8 / 111_200
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let time = formatter.string(from: date)
        let tpv = #"{"class":"TPV","device":"/dev/bench","mode":3,"time":"\#(time)","ept":0.005,"lat":\#(latitude),"lon":11.0,"#
            + #""altMSL":500.0,"eph":4.0,"epv":6.0,"track":0.0,"speed":8.0,"climb":0.0}"#
        return (gpsd, builder, waiter, date, tpv)
    }
}

/// A 1 Hz recording of `hours` (a fix and a heart rate each second, energy
/// from heart rate) into a file store, delivered as fast as it is absorbed.
func record(hours: Int) async throws -> HKLiveWorkoutBuilder {
    let (store, configuration, folder) = try await cyclingStore("ohk-day")
    defer { try? FileManager.default.removeItem(at: folder) }
    let start = Date(timeIntervalSince1970: 1_704_067_200)
    let clock = VirtualClock(start: start)
    let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
    let builder = session.associatedWorkoutBuilder()
    let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [])
    dataSource.athleteProfile = AthleteProfile(sex: .male, age: 40, massKilograms: 75, heightCentimeters: 180)
    builder.dataSource = dataSource
    session.startActivity(with: start)
    try await builder.beginCollection(at: start)
    let bpm = HKUnit.count().unitDivided(by: .minute())
    for second in 0..<Smoke.size(hours * 3600, smoke: 60) {
        let t = start.addingTimeInterval(Double(second))
        clock.set(to: t)
        let fix = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + Double(second % 3600) * 8 / 111_200, longitude: 11 + Double(second / 3600) * 0.001),
                             altitude: 500, horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: 8, timestamp: t)
        let heartRate = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 130 + Double(second % 40)), start: t, end: t)
        await dataSource.deliver([.location(fix), .quantity(heartRate)], from: "bench")
        if second % 7200 == 0 { rssNote("h\(second/3600)") }
    }
    rssNote("before finish")
    session.end()
    try await builder.endCollection(at: clock.now)
    _ = try await builder.finishWorkout()
    rssNote("after finish")
    return builder
}

/// Targets: from a fix arriving on the socket to updated builder statistics,
/// p99 under 1 ms; a 24-hour recording stays under 60 MB resident.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], warmupIterations: Smoke.isOn ? 0 : 5, maxDuration: .seconds(30), maxIterations: Smoke.iterations(300))

    // One iteration is one 1 Hz fix (with its heart rate) handed to the live
    // data source, as the gpsd source hands it over, until the builder's
    // statistics include it. Iterations are spaced 60 ms apart, outside the
    // measurement, so that each fix arrives as a live one does: after the last write.
    Benchmark("Recorder: one fix to current statistics") { benchmark in
        try await Task.sleep(for: .milliseconds(60))
        let (dataSource, builder, readings) = try await Recording.shared.next()
        benchmark.startMeasurement()
        await dataSource.deliver(readings, from: "gpsd://bench")
        blackHole(builder.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity())
        benchmark.stopMeasurement()
    }

    // One iteration: a TPV report written to the socket gpsd would write to,
    // read by libgps in GPSDSource, through the data source, until the builder's
    // delegate is told of speed statistics that hold that fix, as an app is.
    // (Waiting by spinning on the statistics kept one of the two cores busy, so
    // GPSDSource's reading thread waited for a scheduler tick, 4 ms, whenever
    // the store's writer held the other.)
    Benchmark("Recorder: a fix on the socket to current statistics") { benchmark in
        try await Task.sleep(for: .milliseconds(60))
        let (gpsd, builder, waiter, date, tpv) = try await SocketRecording.shared.next()
        benchmark.startMeasurement()
        gpsd.send(tpv)
        await waiter.wait(for: date, in: builder)
        benchmark.stopMeasurement()
    }

    for hours in [1, 24] {
        Benchmark("Recorder: \(hours) h at 1 Hz, peak resident memory",
                  configuration: .init(metrics: [.peakMemoryResident, .wallClock], warmupIterations: 0, maxIterations: 1)) { _ in
            blackHole(try await record(hours: hours))
        }
    }
}

/// Appends the process's resident memory to the file `OHK_RSS_LOG` names, when set:
/// where the memory of a day-long recording goes, hour by hour.
func rssNote(_ label: String) {
    guard let path = ProcessInfo.processInfo.environment["OHK_RSS_LOG"] else { return }
    if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = label + ": " + status.split(separator: "\n").filter { $0.hasPrefix("Rss") || $0.hasPrefix("VmHWM") || $0.hasPrefix("VmRSS") }.map { $0.replacingOccurrences(of: "\t", with: "").replacingOccurrences(of: " ", with: "") }.joined(separator: " ") + "\n"
    if let handle = FileHandle(forWritingAtPath: path) { handle.seekToEndOfFile(); handle.write(Data(line.utf8)); handle.closeFile() }
}
