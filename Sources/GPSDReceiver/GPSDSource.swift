public import Foundation
public import OpenHealthKitCore
import GPSDProtocol
public import WorkoutSources

/// A GPS receiver behind a gpsd daemon: `gpsd://localhost:2947` in
/// `OPENHEALTHKIT_SOURCES` (optionally `?device=/dev/ttyACM0`).
///
/// Positions are dated by the receiver's fix time, never by arrival; a fix
/// without a time is skipped, and gpsd's repeated reports of one epoch (one TPV
/// per NMEA sentence) are delivered once. Fix quality comes from `mode`, not
/// `status`. Each position carries the receiver's error estimates as its
/// accuracies, its Doppler speed and its course.
///
/// It stays alive: when gpsd goes away it reconnects with a backoff (0.25 s
/// doubling to 4 s); when gpsd stays silent it asks it to answer (`?POLL;`) and
/// treats a daemon that does not as hung, closes and reconnects. Statuses say
/// what happens: `connected`, `disconnected`, `stale`, and `noFix`/`fix2D`/`fix3D`
/// with the satellites used.
public struct GPSDSource: WorkoutDataSource {
    /// Where gpsd listens.
    public let host: String
    /// gpsd's port, 2947 by default.
    public let port: Int
    /// The receiver to watch, or `nil` for all of gpsd's devices.
    public let device: String?
    /// Silence after which gpsd is asked to answer; twice this without an answer means it is hung.
    public let watchdog: TimeInterval
    /// `gpsd://HOST:PORT`.
    public let name: String
    private let clock: any WorkoutClock
    /// The clock told each fix's time, so it can follow the receiver.
    private let timeReference: ReceiverClock?
    /// Where the thread waits between tries to reach gpsd.
    private let waits: any ReconnectWaits

    /// A source reading gpsd at `host`:`port`, dating statuses with `clock`
    /// and telling `timeReference` each fix's time.
    public init(host: String = "localhost", port: Int = 2947, device: String? = nil, watchdog: TimeInterval = 3,
                clock: any WorkoutClock = SystemClock(), timeReference: ReceiverClock? = nil) {
        self.init(host: host, port: port, device: device, watchdog: watchdog, clock: clock, timeReference: timeReference, waits: RealReconnectWaits())
    }

    /// A source whose waits between tries to reach gpsd are `waits`: a test's
    /// virtual clock, so that reconnections run without sleeping.
    package init(host: String = "localhost", port: Int = 2947, device: String? = nil, watchdog: TimeInterval = 3,
                 clock: any WorkoutClock = SystemClock(), timeReference: ReceiverClock? = nil, waits: any ReconnectWaits) {
        self.waits = waits
        self.host = host
        self.port = port
        self.device = device
        self.watchdog = watchdog
        self.clock = clock
        self.timeReference = timeReference
        name = "gpsd://\(host):\(port)"
    }

    /// A source for `HOST[:PORT]`, as `workout record --gpsd` takes it.
    ///
    /// - Throws: ``WorkoutSourceError`` when the port is not a number from 1 to 65535.
    public init(address: String, device: String? = nil, clock: any WorkoutClock = SystemClock(),
                timeReference: ReceiverClock? = nil) throws(WorkoutSourceError) {
        var host = address
        var port = 2947
        if let colon = address.lastIndex(of: ":"), !address.hasSuffix("]") {
            guard let value = Int(address[address.index(after: colon)...]), (1...65535).contains(value) else {
                throw WorkoutSourceError("'\(address)': the port after ':' must be a number from 1 to 65535, such as localhost:2947")
            }
            port = value
            host = String(address[..<colon])
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.init(host: host.isEmpty ? "localhost" : host, port: port, device: device, clock: clock, timeReference: timeReference)
    }

    /// The receiver's time of gpsd's first fix, waiting at most `timeout`
    /// seconds: what a recorder learns before it starts, so its workout can
    /// start on the receiver's time. `nil` when gpsd cannot be reached or gives
    /// no fix in time.
    ///
    /// The wait blocks a thread of its own, not one of Swift's cooperative threads (two on a two-core machine).
    public func firstFixTime(timeout: TimeInterval) async -> Date? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.waitForFirstFixTime(timeout: timeout)) }.start()
        }
    }

    /// ``firstFixTime(timeout:)``, blocking the calling thread while it waits.
    public func waitForFirstFixTime(timeout: TimeInterval) -> Date? {
        // Counted in waits of 0.1 s, so no clock is read; gpsd may still be starting (at boot, or gpsfake).
        var waits = max(1, Int(timeout * 10))
        while waits > 0 {
            guard let connection = try? GPSDConnection(host: host, port: String(port), device: device) else {
                usleep(100_000)
                waits -= 1
                continue
            }
            defer { connection.close(polite: true) }
            while waits > 0 {
                waits -= 1
                let message: GPSDMessage?
                do { message = try connection.next(timeoutMicroseconds: 100_000) } catch where !error.transient { continue } catch { break }
                if case .fix(let fix)? = message { return fix.time }
            }
        }
        return nil
    }

    /// The receiver's time at which the rider started moving: the first of the fixes whose Doppler speed stayed at or
    /// above `thresholds`' resume speed for its resume time (what ends an auto-pause). Waits as long as it takes,
    /// through gpsd restarting, and returns `nil` once the task is cancelled: what `workout record --wait-for-rider`
    /// waits on before it starts.
    ///
    /// The wait blocks a thread of its own, not one of Swift's cooperative threads.
    public func movementStart(_ thresholds: AutoPauseDetector.Thresholds) async -> Date? {
        let cancelled = StopSignal()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: self.waitForMovement(thresholds, until: cancelled)) }.start()
            }
        } onCancel: {
            cancelled.set()
        }
    }

    private func waitForMovement(_ thresholds: AutoPauseDetector.Thresholds, until cancelled: StopSignal) -> Date? {
        // Paused until the speed says otherwise: the detector's resume is the rider moving off.
        var detector = AutoPauseDetector(thresholds: thresholds)
        _ = detector.add(speed: 0, at: .distantPast)
        _ = detector.add(speed: 0, at: .distantPast.addingTimeInterval(thresholds.pauseAfter))
        while !cancelled.isSet {
            guard let connection = try? GPSDConnection(host: host, port: String(port), device: device) else {
                cancelled.sleep(0.25)
                continue
            }
            defer { connection.close(polite: true) }
            while !cancelled.isSet {
                let message: GPSDMessage?
                do { message = try connection.next(timeoutMicroseconds: 100_000) } catch where !error.transient { continue } catch { break }
                guard case .fix(let fix)? = message, let speed = fix.speed else { continue }
                if let change = detector.add(speed: speed, at: fix.time), change.type == .motionResumed { return change.date }
            }
        }
        return nil
    }

    /// Registers the `gpsd` scheme with ``WorkoutSourceRegistry``: `gpsd://HOST:PORT[?device=PATH]`.
    public static func register() {
        WorkoutSourceRegistry.register(scheme: "gpsd") { specification in
            if let unknown = specification.parameters.keys.sorted().first(where: { $0 != "device" }) {
                throw WorkoutSourceError("'\(specification)': unknown parameter '\(unknown)'; gpsd: takes device")
            }
            do {
                return try GPSDSource(address: specification.location, device: specification.parameters["device"])
            } catch {
                throw WorkoutSourceError("'\(specification)': \(error)")
            }
        }
    }

    /// Readings held for a consumer that falls behind: over an hour of a 1 Hz
    /// receiver. Beyond, the oldest are dropped, so memory stays bounded and
    /// what the consumer reads next is current.
    public static let bufferedReadings = 4_096

    /// Reads gpsd on a thread of its own until the consumer stops (cancelling
    /// its task ends the stream, which wakes the thread at once); readings wait
    /// in a buffer of ``bufferedReadings``.
    public func readings() -> AsyncThrowingStream<WorkoutReading, any Error> {
        let source = self
        return ThreadStream.make(of: WorkoutReading.self, named: name, bufferingPolicy: .bufferingNewest(Self.bufferedReadings)) { stop, continuation in
            source.run(stop: stop, continuation: continuation)
        }
    }

    private func run(stop: StopSignal, continuation: AsyncThrowingStream<WorkoutReading, any Error>.Continuation) {
        func status(_ kind: WorkoutSourceStatus.Kind, _ detail: String, at date: Date? = nil) {
            continuation.yield(.status(WorkoutSourceStatus(source: name, kind: kind, date: date ?? clock.now, detail: detail)))
        }
        var backoff = ReconnectBackoff()
        var lastFailure: String?
        var wasConnected = false
        while !stop.isSet {
            let connection: GPSDConnection
            do {
                connection = try GPSDConnection(host: host, port: String(port), device: device)
            } catch {
                if error.description != lastFailure {
                    status(.disconnected, "\(error); retrying")
                    lastFailure = error.description
                }
                waits.wait(backoff.failed(), stop: stop)
                continue
            }
            backoff.connected()
            lastFailure = nil
            status(.connected, (wasConnected ? "reconnected to " : "connected to ") + "gpsd at \(host):\(port)")
            wasConnected = true
            var lastTime: Date?
            var mode: Int?
            var satellites: Int?
            // Silence is counted in the reads' 0.1 s timeouts, not on a clock that may follow the receiver.
            var silentReads = 0
            var polled = false
            reading: while !stop.isSet {
                let message: GPSDMessage?
                do {
                    message = try connection.next(timeoutMicroseconds: 100_000, stop: stop)
                } catch where !error.transient {
                    // A line that is not one of gpsd's reports is skipped, as a strap's garbled frame is; gpsd is alive.
                    silentReads = 0
                    continue
                } catch {
                    connection.close(polite: false)
                    status(.disconnected, "\(error); reconnecting")
                    break reading
                }
                guard let message else {
                    silentReads += 1
                    let silent = Double(silentReads) / 10
                    if silent > 2 * watchdog {
                        connection.close(polite: false)
                        status(.stale, String(format: "gpsd at %@:%d did not answer for %.1f s; reconnecting", host, port, silent))
                        break reading
                    }
                    if silent > watchdog, !polled {
                        connection.poll()
                        polled = true
                    }
                    continue
                }
                silentReads = 0
                polled = false
                switch message {
                case .fix(let fix):
                    timeReference?.follow(fix.time)
                    if fix.mode != mode {
                        mode = fix.mode
                        status(fix.mode >= 3 ? .fix3D : .fix2D, satellites.map { "\($0) satellites used" } ?? "", at: fix.time)
                    }
                    // gpsd repeats an epoch once per NMEA sentence; one position per fix time.
                    guard lastTime.map({ fix.time > $0 }) ?? true else { continue }
                    lastTime = fix.time
                    continuation.yield(.location(Self.location(fix)))
                case .noFix:
                    if mode != 1 {
                        mode = 1
                        status(.noFix, "the receiver has no fix" + (satellites.map { " (\($0) satellites used)" } ?? ""))
                    }
                case .satellites(let used, let visible):
                    // The count shows in the fix status's detail, for dashboards; the kind is unchanged, so no marker.
                    if used != satellites, let mode, mode >= 2 {
                        status(mode >= 3 ? .fix3D : .fix2D, "\(used) satellites used, \(visible) in view")
                    }
                    satellites = used
                case .device(let path, let active):
                    if !active {
                        mode = nil
                        status(.noFix, "receiver \(path) went away (unplugged?)")
                    }
                case .version, .other:
                    break
                }
            }
            waits.wait(backoff.delay, stop: stop)
        }
        continuation.finish()
    }

    static func location(_ fix: GPSDFix) -> CLLocation {
        CLLocation(coordinate: CLLocationCoordinate2D(latitude: fix.latitude, longitude: fix.longitude),
                   altitude: fix.altitude ?? 0, horizontalAccuracy: fix.horizontalError ?? 0,
                   verticalAccuracy: fix.altitude == nil ? -1 : (fix.verticalError ?? 0),
                   course: fix.track ?? -1, speed: fix.speed ?? -1, timestamp: fix.time)
    }
}

