public import Foundation
public import OpenHealthKitCore
import SensorBridge

/// A heart-rate strap whose notifications reach a serial port through a
/// bridge: `hrm:/dev/ttyUSB0?baud=115200&framing=hrm1` in `OPENHEALTHKIT_SOURCES`.
///
/// It delivers heart-rate samples, heartbeats from RR intervals, energy when
/// the strap counts it, and statuses: connected, disconnected (device gone or
/// the bridge's link to the strap down), stale (silence), contact lost and
/// restored. See ``HeartRateStrapReadings`` for how readings are timed.
public struct HeartRateStrapSource: WorkoutDataSource {
    /// The port and framing read.
    public let configuration: StrapReader.Configuration
    /// How the bridge's other sensors' wheel revolutions become speed and distance.
    public let sensors: SensorReadings.Settings
    /// `hrm:PATH`.
    public let name: String
    /// The way to the bridge's smart trainer, when the recording controls one: its `$HRW2` writes go down the port,
    /// and its control point's and status's lines come back here rather than as readings.
    public let trainer: TrainerLink?
    private let clock: any WorkoutClock

    /// A source reading `configuration`, stamping arrivals with `clock`; with `trainer`, the bridge's trainer (the
    /// device sending Indoor Bike Data) is controlled through it.
    public init(_ configuration: StrapReader.Configuration, sensors: SensorReadings.Settings = SensorReadings.Settings(), clock: any WorkoutClock = SystemClock(),
                trainer: TrainerLink? = nil) {
        self.configuration = configuration
        self.sensors = sensors
        self.clock = clock
        self.trainer = trainer
        name = "hrm:\(configuration.path)"
    }

    /// The parameters `hrm:` accepts.
    public static let parameterNames = ["baud", "distance", "framing", "stale", "wheel"]

    /// `base` with what `hrm:`'s or `ble:`'s `wheel=MILLIMETRES` and `distance=wheel|gps` say instead, where they are given.
    ///
    /// - Throws: ``WorkoutSourceError`` for a circumference that is not a number of millimetres from 500 to 4,000,
    ///   or a distance other than `wheel` or `gps`.
    public static func sensorSettings(wheel: String?, distance: String?,
                                      over base: SensorReadings.Settings = SensorReadings.Settings()) throws(WorkoutSourceError) -> SensorReadings.Settings {
        var settings = base
        if let wheel {
            guard let millimetres = Double(wheel), (500...4_000).contains(millimetres) else {
                throw WorkoutSourceError("wheel=\(wheel) is not a wheel's circumference in millimetres; a 700×25c road tyre is wheel=2105")
            }
            settings.wheelCircumference = millimetres / 1_000
        }
        if let distance {
            switch distance.lowercased() {
            case "wheel": settings.distanceFromWheel = true
            case "gps": settings.distanceFromWheel = false
            default: throw WorkoutSourceError("distance=\(distance): write distance=wheel (indoors, distance from the wheel sensor) or distance=gps")
            }
        }
        return settings
    }

    /// A configuration from `DEVICE[@BAUD]` and options, as `workout` takes them.
    ///
    /// - Throws: ``WorkoutSourceError`` for a baud rate or framing that is not supported.
    public static func configuration(device: String, baudRate: Int? = nil, framing: String? = nil,
                                     staleAfter: TimeInterval? = nil) throws(WorkoutSourceError) -> StrapReader.Configuration {
        var path = device
        var rate = baudRate
        if let at = device.lastIndex(of: "@"), let parsed = Int(device[device.index(after: at)...]) {
            path = String(device[..<at])
            rate = rate ?? parsed
        }
        guard !path.isEmpty else { throw WorkoutSourceError("'\(device)' names no device; write a path such as /dev/ttyUSB0@115200") }
        var configuration = StrapReader.Configuration(path: path)
        if let rate {
            guard SerialPort.baudRates.contains(rate) else {
                throw WorkoutSourceError("\(rate) baud is not a standard rate; use one of \(SerialPort.baudRates.map(String.init).joined(separator: ", "))")
            }
            configuration.baudRate = rate
        }
        if let framing {
            guard let value = StrapFraming(rawValue: framing.lowercased()) else {
                throw WorkoutSourceError("unknown framing '\(framing)'; use one of \(StrapFraming.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            configuration.framing = value
        }
        if let staleAfter {
            guard staleAfter > 0, staleAfter.isFinite else { throw WorkoutSourceError("stale must be a number of seconds above 0, such as 3") }
            configuration.staleAfter = staleAfter
        }
        return configuration
    }

    /// Registers the `hrm` scheme with ``WorkoutSourceRegistry``:
    /// `hrm:DEVICE[?baud=115200][&framing=hrm1|hex|slip|cobs][&stale=3][&wheel=2105][&distance=wheel|gps]`.
    public static func register() {
        WorkoutSourceRegistry.register(scheme: "hrm") { specification in try source(for: specification) }
    }

    /// The source `specification` (`hrm:…`) names, on `clock`; its `wheel=` and `distance=` override `sensors`.
    ///
    /// - Throws: ``WorkoutSourceError`` naming the specification and what is wrong with it.
    public static func source(for specification: WorkoutSourceSpecification, sensors: SensorReadings.Settings = SensorReadings.Settings(),
                              clock: any WorkoutClock = SystemClock(), trainer: TrainerLink? = nil) throws(WorkoutSourceError) -> HeartRateStrapSource {
        if let unknown = specification.parameters.keys.sorted().first(where: { !parameterNames.contains($0) }) {
            throw WorkoutSourceError("'\(specification)': unknown parameter '\(unknown)'; hrm: takes \(parameterNames.joined(separator: ", "))")
        }
        var stale: TimeInterval?
        if let text = specification.parameters["stale"] {
            guard let value = TimeInterval(text) else { throw WorkoutSourceError("'\(specification)': stale must be seconds, such as stale=3") }
            stale = value
        }
        var baud: Int?
        if let text = specification.parameters["baud"] {
            guard let value = Int(text) else { throw WorkoutSourceError("'\(specification)': baud must be a whole number, such as baud=115200") }
            baud = value
        }
        do {
            let settings = try sensorSettings(wheel: specification.parameters["wheel"], distance: specification.parameters["distance"], over: sensors)
            return HeartRateStrapSource(try configuration(device: specification.location, baudRate: baud, framing: specification.parameters["framing"],
                                                          staleAfter: stale),
                                        sensors: settings, clock: clock, trainer: trainer)
        } catch {
            throw WorkoutSourceError("'\(specification)': \(error)")
        }
    }

    /// Reads the strap until the consumer stops (or a capture file ends).
    public func readings() -> AsyncThrowingStream<WorkoutReading, any Error> {
        let reader = StrapReader(configuration, clock: clock, trainer: trainer)
        let name = name, settings = sensors, trainer = trainer
        // Bounded as the reader's events are: a live strap's readings wait for a
        // consumer up to 4,096, the oldest dropped beyond; a capture file's are all kept.
        let isFile = (try? FileManager.default.attributesOfItem(atPath: configuration.path)[.type] as? FileAttributeType) == .typeRegular
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WorkoutReading.self, throwing: (any Error).self,
                                                                    bufferingPolicy: isFile ? .unbounded : .bufferingNewest(4_096))
        let task = Task {
            // One strap's and one set of sensors' state per device on the bridge (HRM2's tags; one for an HRM1 bridge),
            // so that two power meters on one bridge never mix their revolutions.
            var straps: [String: HeartRateStrapReadings] = [:]
            var sensors: [String: SensorReadings] = [:]
            var silent = false
            func status(_ kind: WorkoutSourceStatus.Kind, _ detail: String) {
                continuation.yield(.status(WorkoutSourceStatus(source: name, kind: kind, date: clock.now, detail: detail)))
            }
            do {
                for try await event in reader.events() {
                    switch event {
                    case .connected(let path):
                        status(.connected, "reading \(path)")
                    case .waiting(let error):
                        status(.disconnected, "waiting: \(error)")
                    case .disconnected(let path, let reason):
                        straps.removeAll()
                        sensors.removeAll()
                        status(.disconnected, "\(path): \(reason); reconnecting")
                    case .stale(let seconds):
                        silent = true
                        status(.stale, String(format: "no notification for %.1f s: strap out of range, or the bridge stalled", seconds))
                    case .frame(let frame, let arrival):
                        // Heard again after a silence: the silence is over (it must not stay on the rider's screen).
                        if silent {
                            silent = false
                            status(.connected, "notifications again on \(configuration.path)")
                        }
                        // A trainer's answers go to whoever controls it; its data names it the bridge's trainer.
                        if let trainer, case .notification(let kind, let payload) = frame.content {
                            if trainer.take(kind, payload) { continue }
                            if kind == 0x2AD2, trainer.bridgeDevice == nil { trainer.bridgeDevice = frame.device ?? "0" }
                        }
                        let device = frame.device ?? ""
                        var strap = straps[device] ?? HeartRateStrapReadings(sourceName: name, device: frame.device)
                        var sensor = sensors[device] ?? SensorReadings(settings: settings)
                        sensor.speedFromPower = trainer?.holdsPower ?? false
                        let date = strap.date(of: frame, arrival: arrival)
                        let message = StrapMessage(frame.content)
                        for reading in strap.readings(for: message, at: date) { continuation.yield(reading) }
                        for reading in sensor.readings(for: message, at: date) { continuation.yield(reading) }
                        straps[device] = strap
                        sensors[device] = sensor
                    case .problem, .endOfFile:
                        break
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
