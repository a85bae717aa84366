public import Foundation
public import OpenHealthKitCore
public import SensorBridge

/// Reads a heart-rate bridge's serial port and splits it into frames, for as
/// long as it is asked to: it reopens the device when it goes away (unplugged,
/// bridge reset, the far end of a pseudo-terminal closed) and reports silence.
///
/// The port is read on a thread of its own, never on Swift's cooperative pool.
/// Each connection gets a new ``StrapFrameDecoder``, so bytes from before a
/// reconnect are never joined to bytes after it.
///
/// ```swift
/// let reader = StrapReader(StrapReader.Configuration(path: "/dev/serial/by-id/usb-…", framing: .hrm1))
/// for try await event in reader.events() {
///     if case .frame(let frame, let arrival) = event { print(arrival, StrapMessage(frame.content)) }
/// }
/// ```
public struct StrapReader: Sendable {
    /// Where and how to read.
    public struct Configuration: Sendable, Hashable {
        /// The device (prefer `/dev/serial/by-id/…`, which survives replugging), or a capture file.
        public var path: String
        /// The baud rate; USB CDC-ACM bridges ignore it.
        public var baudRate: Int
        /// How the bridge frames notifications.
        public var framing: StrapFraming
        /// Silence longer than this is reported as ``Event/stale(silentFor:)``.
        public var staleAfter: TimeInterval
        /// The first wait before reopening a device that is absent or went away; each failed try
        /// doubles it, up to four seconds, and a device that opens starts it over.
        public var reconnectInterval: TimeInterval

        /// A configuration; the defaults suit a bridge sending about once a second.
        public init(path: String, baudRate: Int = 115_200, framing: StrapFraming = .hrm1,
                    staleAfter: TimeInterval = 3, reconnectInterval: TimeInterval = 0.25) {
            self.path = path
            self.baudRate = baudRate
            self.framing = framing
            self.staleAfter = staleAfter
            self.reconnectInterval = reconnectInterval
        }
    }

    /// What the reader saw.
    public enum Event: Sendable {
        /// The device is open and being read.
        case connected(path: String)
        /// The device cannot be opened yet (absent, busy); the reader keeps trying.
        case waiting(SerialPortError)
        /// The device went away; the reader will reopen it.
        case disconnected(path: String, reason: String)
        /// A complete frame, with the reader's clock at its arrival.
        case frame(StrapFrameDecoder.Frame, arrival: Date)
        /// Bytes dropped or a frame rejected.
        case problem(StrapFrameProblem)
        /// No frame arrived for this many seconds, though the device is open.
        case stale(silentFor: TimeInterval)
        /// A capture file (not a terminal) was read to its end; the stream ends after this.
        case endOfFile(path: String)
    }

    /// Where and how to read.
    public let configuration: Configuration
    private let clock: any WorkoutClock
    /// Where the reading thread waits between tries to open the device.
    private let waits: any ReconnectWaits
    private let trainer: TrainerLink?

    /// A reader for `configuration`, stamping arrivals with `clock`. With `trainer`, what is written on the link goes
    /// down the port to the bridge's trainer as `$HRW2` lines (``BridgeWrite``), within a tenth of a second.
    public init(_ configuration: Configuration, clock: any WorkoutClock = SystemClock(), trainer: TrainerLink? = nil) {
        self.init(configuration, clock: clock, waits: RealReconnectWaits(), trainer: trainer)
    }

    /// A reader whose waits between tries to open the device are `waits`: a test's virtual clock, or the real one.
    package init(_ configuration: Configuration, clock: any WorkoutClock = SystemClock(), waits: any ReconnectWaits, trainer: TrainerLink? = nil) {
        self.configuration = configuration
        self.clock = clock
        self.waits = waits
        self.trainer = trainer
    }

    /// Starts reading. The stream ends when its consumer stops, after a
    /// capture file's end, or with a ``SerialPortError`` when the device cannot
    /// be opened at all (missing permission, not a device, unsupported baud
    /// rate). A device that is merely absent is waited for.
    public func events() -> AsyncThrowingStream<Event, any Error> {
        // A live port's events are bounded: a consumer more than 4,096 events behind
        // (some 17 minutes of a 4 Hz strap) loses the oldest, never the memory. A
        // capture file is read as fast as the disk goes and is finite: every event
        // is kept. The thread stops at once when the consumer does: the stop signal
        // wakes its read.
        let isFile = (try? FileManager.default.attributesOfItem(atPath: configuration.path)[.type] as? FileAttributeType) == .typeRegular
        let configuration = configuration, clock = clock, waits = waits, trainer = trainer
        return ThreadStream.make(of: Event.self, named: "strap \(configuration.path)", bufferingPolicy: isFile ? .unbounded : .bufferingNewest(4_096)) {
            stop, continuation in
            Self.run(configuration, clock: clock, waits: waits, trainer: trainer, stop: stop, continuation: continuation)
        }
    }

    private static func run(_ configuration: Configuration, clock: any WorkoutClock, waits: any ReconnectWaits, trainer: TrainerLink?,
                            stop: StopSignal, continuation: AsyncThrowingStream<Event, any Error>.Continuation) {
        var backoff = ReconnectBackoff(first: configuration.reconnectInterval)
        var everConnected = false
        var lastWaiting: SerialPortError?
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        var events: [StrapFrameDecoder.Event] = []
        while !stop.isSet {
            let port: SerialPort
            do {
                port = try SerialPort(path: configuration.path, baudRate: configuration.baudRate)
            } catch {
                if !error.isTransient && !everConnected {
                    continuation.finish(throwing: error)
                    return
                }
                if error != lastWaiting {
                    continuation.yield(.waiting(error))
                    lastWaiting = error
                }
                waits.wait(backoff.failed(), stop: stop)
                continue
            }
            backoff.connected()
            everConnected = true
            lastWaiting = nil
            continuation.yield(.connected(path: configuration.path))
            // A new connection holds no control, and what was written for the last one is void.
            trainer?.dropWrites()
            trainer?.deliver(.connected(configuration.path))
            // Files and FIFOs start on a frame boundary; a live port may not.
            var decoder = StrapFrameDecoder(framing: configuration.framing, synchronised: !port.isTerminal)
            var lastFrame = clock.now
            var reportedStale = false
            reading: while !stop.isSet {
                if let trainer { send(trainer.takeWrites(), through: trainer, to: port) }
                let result: SerialPort.ReadResult
                do {
                    result = try port.read(into: buffer, timeoutMilliseconds: 100, waking: stop.descriptor)
                } catch {
                    result = .closed(error.description)
                }
                switch result {
                case .bytes(let count):
                    let arrival = clock.now
                    events.removeAll(keepingCapacity: true)
                    decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[..<count]), into: &events)
                    for event in events {
                        switch event {
                        case .frame(let frame):
                            continuation.yield(.frame(frame, arrival: arrival))
                            lastFrame = arrival
                            reportedStale = false
                        case .problem(let problem):
                            continuation.yield(.problem(problem))
                        }
                    }
                case .timedOut:
                    let silent = clock.now.timeIntervalSince(lastFrame)
                    if !reportedStale, silent > configuration.staleAfter {
                        continuation.yield(.stale(silentFor: silent))
                        reportedStale = true
                    }
                case .closed(let reason):
                    for case .problem(let problem) in decoder.finish() { continuation.yield(.problem(problem)) }
                    if !port.isTerminal {
                        continuation.yield(.endOfFile(path: configuration.path))
                        continuation.finish()
                        return
                    }
                    trainer?.deliver(.disconnected("\(configuration.path): \(reason)"))
                    continuation.yield(.disconnected(path: configuration.path, reason: reason))
                    break reading
                }
            }
            waits.wait(backoff.failed(), stop: stop)
        }
        continuation.finish()
    }

    /// Writes `values` to the bridge's trainer as `$HRW2` lines; what cannot go is told on the link.
    private static func send(_ values: [[UInt8]], through trainer: TrainerLink, to port: borrowing SerialPort) {
        guard !values.isEmpty else { return }
        guard let device = trainer.bridgeDevice else {
            trainer.deliver(.writeFailed("no trainer heard on \(port.path) yet (no Indoor Bike Data line): wake it, and check the bridge is paired with it"))
            return
        }
        for value in values {
            let line = BridgeWrite(sequence: trainer.nextSequence(), device: device, characteristic: 0x2AD9, value: value).encoded()
            do { try port.write(line) } catch { trainer.deliver(.writeFailed(error.description)) }
        }
    }
}
