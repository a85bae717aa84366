import ArgumentParser
import Foundation
import OpenHealthKit
import GATT
import WorkoutSources
import SensorBridge

/// `workout hrm`: decode and print a strap bridge's notifications as they arrive.
struct Hrm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hrm",
        abstract: "Watch a heart-rate strap bridge on a serial port: decode and print each notification.",
        discussion: """
            For wiring up a bridge: every frame is printed with its bytes and decoded values \
            (heart rate, sensor contact, energy, RR intervals), and every rejected frame, sequence gap, \
            silence and reconnect with the byte offset where it happened. The device is reopened when \
            it goes away. DEVICE may also be a capture file, read to its end. Stop with Ctrl-C; a \
            summary follows.

            Framings: hrm1 ($HRM1,<seq>,<t_ms>,<kind>,<HEX>*<CRC16> lines; see the README), hrm2 (the same with a \
            device tag after t_ms, for a bridge of several sensors; either reads both), hex \
            (text lines ending in hex bytes, as gatttool, nRF Connect and Arduino sketches print them), \
            slip (RFC 1055) and cobs (0x00-delimited).
            """
    )

    @Argument(help: ArgumentHelp("The serial device, with an optional baud rate: /dev/ttyUSB0@115200. Prefer /dev/serial/by-id/….",
                                 valueName: "device"))
    var device: String

    @Option(help: ArgumentHelp("How the bridge frames notifications.", valueName: "framing"))
    var framing: StrapFraming = .hrm1

    @Option(help: ArgumentHelp("The baud rate (default 115200; USB CDC-ACM bridges ignore it).", valueName: "rate"))
    var baud: Int?

    @Option(help: ArgumentHelp("Report silence longer than this many seconds.", valueName: "seconds"))
    var stale: Double = 3

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Flag(help: "Print one JSON object per line instead of text.")
    var json = false

    func validate() throws {
        do {
            _ = try HeartRateStrapSource.configuration(device: device, baudRate: baud, framing: framing.rawValue, staleAfter: stale)
        } catch {
            throw ValidationError(error.message)
        }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be a number of seconds above 0.") }
    }

    func run() async throws {
        let configuration = try HeartRateStrapSource.configuration(device: device, baudRate: baud, framing: framing.rawValue, staleAfter: stale)
        let clock = SystemClock()
        if !json {
            let baudText = FileManager.default.fileExists(atPath: configuration.path) && !isCharacterDevice(configuration.path)
                ? "a capture file" : "\(configuration.baudRate) baud"
            FileHandle.standardOutput.write(Data("Listening on \(configuration.path) (\(baudText), framing \(configuration.framing.rawValue)). Press Ctrl-C to stop.\n".utf8))
        }
        // The reading task owns the monitor and hands it back when it ends, with what ended it.
        let reading = Task { () -> (NotificationMonitor, (any Error)?) in
            var monitor = NotificationMonitor(start: clock.now, json: json)
            do {
                for try await event in StrapReader(configuration, clock: clock).events() {
                    monitor.handle(event, at: clock.now)
                }
            } catch is CancellationError {
            } catch {
                return (monitor, error)
            }
            return (monitor, nil)
        }
        let (monitor, failure) = await InterruptSignal.value(of: reading, cancelledAfter: duration)
        monitor.finish()
        if let failure { throw failure }
    }

    private func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR
    }
}
