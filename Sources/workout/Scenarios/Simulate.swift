import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutSources
import ScenarioModel
import SensorBridge
import GATT

/// `workout simulate`: turn a scenario into the byte streams real devices send.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a scenario's GPS as NMEA 0183 and its sensors as notification frames, to drive gpsd and serial paths.",
        discussion: """
            --nmea writes GGA, RMC, VTG and GSA sentences per fix (feed them to gpsd with `gpsfake -n`). \
            --hrm writes what the scenario's sensors notify over the bridge, once a second: the strap's Heart Rate \
            Measurement; a power meter's Cycling Power Measurement, with crank data where it has cadence; a cadence \
            sensor's CSC Measurement without one; framed as hrm1 ($HRM1 lines with CRC), hrm2 ($HRM2 lines, each device \
            tagged: H the strap, P the power meter, C the cadence sensor), hex text lines, SLIP or COBS.
            """
    )

    @Argument(help: ArgumentHelp("The scenario file (YAML).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Write NMEA 0183 sentences here.", valueName: "path"))
    var nmea: String?

    @Option(help: ArgumentHelp("Write the strap's notifications here.", valueName: "path"))
    var hrm: String?

    @Option(help: ArgumentHelp("How --hrm frames notifications.", valueName: "framing"))
    var framing: StrapFraming = .hrm1

    @Option(help: ArgumentHelp("Date the output from this moment instead of the scenario's start: an ISO 8601 date, or `now` (to feed a live recorder).",
                               valueName: "date"))
    var start: String?

    func validate() throws {
        if nmea == nil, hrm == nil { throw ValidationError("Give --nmea PATH, --hrm PATH or both.") }
        if let start, start != "now", DateArgument(argument: start) == nil {
            throw ValidationError("--start takes `now` or a date such as 2026-05-01T07:30:00Z, not '\(start)'.")
        }
    }

    func run() async throws {
        var scenario = try loadScenario(file)
        if let start { scenario.start = start == "now" ? SystemClock().now : DateArgument(argument: start)!.date }
        if nmea != nil, scenario.sensors.gps == nil || scenario.route == nil || !(scenario.location != .indoor) {
            throw ValidationError("\(file) has no GPS route (indoor, or no `route:`), so there is nothing to write with --nmea.")
        }
        if hrm != nil, scenario.sensors.heartRate == nil, scenario.sensors.powerNoise == nil, scenario.sensors.cadenceNoise == nil {
            throw ValidationError("\(file) has no heart-rate strap, power meter or cadence sensor, so there is nothing to write with --hrm.")
        }
        let nmeaFile = try nmea.map(OutputFile.init)
        let hrmFile = try hrm.map(OutputFile.init)
        var simulation = ScenarioSimulation(scenario: scenario)
        var sequence: UInt32 = 0
        var epochs = 0, notifications = 0
        var fixLost = false
        // The crank as the power meter or cadence sensor counts it: whole revolutions and the time of the last.
        var crank = RevolutionEvents(ticksPerSecond: 1_024, countModulus: 1 << 16)
        var lastCrankTime: TimeInterval?
        while let tick = simulation.next() {
            let date = scenario.start.addingTimeInterval(tick.time)
            // A lost fix (noFix … fix3D) is written as "no fix" epochs; a disconnect writes nothing.
            for status in tick.statuses where status.sensor == "gps" && (status.kind == .noFix || status.kind == .fix3D) {
                fixLost = status.kind == .noFix
            }
            if let nmeaFile {
                // A receiver that lost its fix still talks; a dropped fix or gpsd restart writes nothing.
                if let fix = tick.fix {
                    nmeaFile.write(NMEASentences.epoch(fix, at: date))
                    epochs += 1
                } else if fixLost {
                    nmeaFile.write(NMEASentences.epoch(nil, at: date))
                }
            }
            if let hrmFile {
                let milliseconds = UInt64((tick.time * 1000).rounded())
                for status in tick.statuses where status.sensor == "heartRate" && (status.kind == .disconnected || status.kind == .connected) {
                    hrmFile.write(framing.encode(.link(up: status.kind == .connected), sequence: sequence, milliseconds: milliseconds, device: "H"))
                    sequence &+= 1
                }
                if let notification = tick.heartRate {
                    hrmFile.write(framing.encode(.notification(kind: 0x2A37, payload: notification.encoded()),
                                                 sequence: sequence, milliseconds: milliseconds, device: "H"))
                    sequence &+= 1
                    notifications += 1
                }
                if tick.power != nil || tick.cadence != nil {
                    let interval = lastCrankTime.map { tick.time - $0 } ?? 0
                    lastCrankTime = tick.time
                    let events = crank.advance(by: interval, perMinute: tick.cadence ?? 0)
                    let crankData = scenario.sensors.cadenceNoise == nil ? nil : (revolutions: UInt16(events.count), eventTime: events.eventTime)
                    let (kind, payload): (UInt16, [UInt8]) = if let power = tick.power {
                        (0x2A63, CyclingPowerMeasurement(power: Int16(clamping: Int(power.rounded())), crank: crankData).encoded())
                    } else {
                        (0x2A5B, CSCMeasurement(crank: crankData).encoded())
                    }
                    hrmFile.write(framing.encode(.notification(kind: kind, payload: payload), sequence: sequence, milliseconds: milliseconds,
                                                 device: kind == 0x2A63 ? "P" : "C"))
                    sequence &+= 1
                    notifications += 1
                }
            }
        }
        try nmeaFile?.close()
        try hrmFile?.close()
        var written: [String] = []
        if let nmea { written.append("\(epochs) NMEA epochs to \(nmea)") }
        if let hrm { written.append("\(notifications) \(framing.rawValue) notifications to \(hrm)") }
        print("Wrote " + written.joined(separator: " and ") + ".")
    }
}

