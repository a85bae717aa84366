import Foundation
import GATT
import SensorBridge
import WorkoutSources
import BlueZSensors

/// Prints the events of a strap bridge (`workout hrm`) or a Bluetooth sensor (`workout sensors watch`), and counts them for the summary.
struct NotificationMonitor {
    private let start: Date
    private let json: Bool
    private var notifications = 0
    private var heartRates: [UInt16] = []
    private var rejected = 0
    private var lostFrames: UInt32 = 0
    private var reconnects = 0
    private var connections = 0
    /// A bike's sensors' revolutions, by the rules a recording uses: to count the deltas they drop as impossible.
    private var sensors = SensorReadings()

    init(start: Date, json: Bool) {
        self.start = start
        self.json = json
    }

    mutating func handle(_ event: StrapReader.Event, at now: Date) {
        let elapsed = now.timeIntervalSince(start)
        switch event {
        case .connected(let path):
            connections += 1
            if connections > 1 { reconnects += 1 }
            emit(elapsed, "connected", text: "connected \(path)", fields: ["path": path])
        case .waiting(let error):
            emit(elapsed, "waiting", text: "waiting: \(error)", fields: ["message": error.description])
        case .disconnected(let path, let reason):
            emit(elapsed, "disconnected", text: "disconnected \(path): \(reason); reopening", fields: ["path": path, "reason": reason])
        case .stale(let seconds):
            emit(elapsed, "stale", text: String(format: "stale: no notification for %.1f s (strap out of range or bridge stalled?)", seconds),
                 fields: ["seconds": seconds])
        case .problem(let problem):
            if case .sequenceGap(let expected, let received) = problem.kind { lostFrames &+= received &- expected }
            if problem.isLoss, !isGap(problem) { rejected += 1 }
            emit(elapsed, "problem", text: problem.description, fields: ["byteOffset": problem.byteOffset, "message": problem.description])
        case .frame(let frame, let arrival):
            frameLine(frame, elapsed: elapsed)
            _ = sensors.readings(for: StrapMessage(frame.content), at: arrival)
        case .endOfFile(let path):
            emit(elapsed, "end", text: "end of \(path)", fields: ["path": path])
        }
    }

    /// Prints a Bluetooth sensor's event, counting it as the strap bridge's would be.
    mutating func handle(_ event: BluetoothSensorReader.Event, at now: Date) {
        let elapsed = now.timeIntervalSince(start)
        switch event {
        case .connected(let device):
            connections += 1
            if connections > 1 { reconnects += 1 }
            emit(elapsed, "connected", text: "connected \(device.label)" + (device.rssi.map { ", \($0) dBm" } ?? ""),
                 fields: ["address": device.address, "name": device.name ?? "", "services": device.services.map(\.name)])
        case .waiting(let text):
            emit(elapsed, "waiting", text: "waiting: \(text)", fields: ["message": text])
        case .disconnected(let device, let reason):
            emit(elapsed, "disconnected", text: "disconnected \(device): \(reason); reconnecting", fields: ["device": device, "reason": reason])
        case .stale(let seconds):
            emit(elapsed, "stale", text: String(format: "stale: no notification for %.1f s (sensor out of range or asleep?)", seconds), fields: ["seconds": seconds])
        case .battery(let percent):
            emit(elapsed, "battery", text: "battery \(percent) %", fields: ["percent": percent])
        case .notification(let characteristic, let value, let arrival):
            handle(.frame(StrapFrameDecoder.Frame(content: .notification(kind: characteristic, payload: value)), arrival: arrival), at: now)
        }
    }

    private func isGap(_ problem: StrapFrameProblem) -> Bool {
        if case .sequenceGap = problem.kind { return true }
        return false
    }

    private mutating func frameLine(_ frame: StrapFrameDecoder.Frame, elapsed: Double) {
        var fields: [String: Any] = ["byteOffset": frame.byteOffset]
        var prefix = ""
        if let device = frame.device {
            fields["device"] = device
            prefix += "[\(device)] "
        }
        if let sequence = frame.sequence {
            fields["sequence"] = Int(sequence)
            prefix += "#\(sequence) "
        }
        if let milliseconds = frame.bridgeMilliseconds {
            fields["bridgeMilliseconds"] = Int(milliseconds)
            prefix += String(format: "t=%.3fs ", Double(milliseconds) / 1000)
        }
        let message = StrapMessage(frame.content)
        switch (frame.content, message) {
        case (.notification(_, let payload), .heartRate(let measurement)):
            notifications += 1
            if measurement.hasValidHeartRate { heartRates.append(measurement.beatsPerMinute) }
            let hex = payload.map { String(format: "%02X", $0) }
            fields["bytes"] = hex.joined()
            fields["heartRate"] = Int(measurement.beatsPerMinute)
            fields["contact"] = measurement.contact.rawValue
            fields["rr"] = measurement.rrIntervals.map(Int.init)
            if let energy = measurement.energyExpended { fields["energyKilojoules"] = Int(energy) }
            if !measurement.anomalies.isEmpty { fields["anomalies"] = measurement.anomalies.description }
            fields["valid"] = measurement.hasValidHeartRate
            let bytes = hex.joined(separator: " ")
            emit(elapsed, "notification", text: "\(prefix)2A37 \(bytes.padding(toLength: max(bytes.count, 17), withPad: " ", startingAt: 0))  \(measurement)"
                 + (measurement.hasValidHeartRate ? "" : " (left out)"), fields: fields)
        case (_, .sensorLocation(let location)):
            fields["sensorLocation"] = "\(location)"
            emit(elapsed, "sensorLocation", text: "\(prefix)2A5D sensor location: \(location)", fields: fields)
        case (_, .bodySensorLocation(let location)):
            fields["bodySensorLocation"] = location.description
            emit(elapsed, "bodySensorLocation", text: "\(prefix)2A38 body sensor location: \(location)", fields: fields)
        case (.notification(let kind, let payload), .cyclingPower), (.notification(let kind, let payload), .speedAndCadence),
             (.notification(let kind, let payload), .runningSpeedAndCadence), (.notification(let kind, let payload), .indoorBike),
             (.notification(let kind, let payload), .battery):
            notifications += 1
            let hex = payload.map { String(format: "%02X", $0) }
            fields["bytes"] = hex.joined()
            fields["sensor"] = Self.sensorText(message)
            emit(elapsed, "sensor", text: "\(prefix)\(String(format: "%04X", kind)) \(hex.joined(separator: " "))  \(Self.sensorText(message))", fields: fields)
        case (_, .link(let up)):
            fields["linkUp"] = up
            emit(elapsed, "link", text: "\(prefix)LINK \(up ? "up: the bridge is connected to the strap" : "down: the bridge lost the strap")", fields: fields)
        case (_, .invalid(let kind, _, let reason)):
            rejected += 1
            fields["message"] = reason
            emit(elapsed, "invalid", text: "\(prefix)\(String(format: "%04X", kind)) rejected: \(reason)", fields: fields)
        case (_, .unknown(let kind, let payload)):
            let hex = payload.map { String(format: "%02X", $0) }
            fields["bytes"] = hex.joined()
            emit(elapsed, "other", text: "\(prefix)\(String(format: "%04X", kind)) not decoded: \(hex.joined(separator: " "))",
                 fields: fields)
        default:
            break
        }
    }

    private func emit(_ elapsed: Double, _ event: String, text: String, fields: [String: Any]) {
        if json {
            var object = fields
            object["event"] = event
            object["elapsed"] = (elapsed * 1000).rounded() / 1000
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                write(String(decoding: data, as: UTF8.self))
            }
        } else {
            write(String(format: "[%8.3fs] ", elapsed) + text)
        }
    }

    /// Writes a line straight to standard output, unbuffered, so a pipe sees it at once.
    private func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func finish() {
        var parts = ["\(notifications) notification\(notifications == 1 ? "" : "s")"]
        if let low = heartRates.min(), let high = heartRates.max() { parts.append("heart rate \(low)–\(high) bpm") }
        parts.append("\(rejected) rejected")
        parts.append("\(lostFrames) lost in sequence gaps")
        parts.append("\(reconnects) reconnect\(reconnects == 1 ? "" : "s")")
        if sensors.rejected > 0 {
            parts.append("\(sensors.rejected) impossible revolution delta\(sensors.rejected == 1 ? "" : "s") dropped (a glitch, or a cadence or speed no rider reaches)")
        }
        if json {
            let object: [String: Any] = ["event": "summary", "notifications": notifications, "rejected": rejected,
                                         "lostFrames": Int(lostFrames), "reconnects": reconnects, "impossibleRevolutionDeltas": sensors.rejected]
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) { write(String(decoding: data, as: UTF8.self)) }
        } else {
            write("summary: " + parts.joined(separator: ", "))
        }
    }

    /// A sensor's notification in words: "power 250 W, crank 5 at 1024/1024 s".
    static func sensorText(_ message: StrapMessage) -> String {
        switch message {
        case .cyclingPower(let power):
            var parts = ["power \(power.power) W"]
            if let balance = power.pedalPowerBalance { parts.append(String(format: "balance %.1f %%%@", balance, power.balanceReferenceIsLeft ? " left" : "")) }
            if let crank = power.crank { parts.append("crank \(crank.revolutions) at \(crank.eventTime)/1024 s") }
            if let wheel = power.wheel { parts.append("wheel \(wheel.revolutions) at \(wheel.eventTime)/2048 s") }
            return parts.joined(separator: ", ")
        case .speedAndCadence(let csc):
            var parts: [String] = []
            if let revolutions = csc.wheelRevolutions, let time = csc.wheelEventTime { parts.append("wheel \(revolutions) at \(time)/1024 s") }
            if let revolutions = csc.crankRevolutions, let time = csc.crankEventTime { parts.append("crank \(revolutions) at \(time)/1024 s") }
            return parts.isEmpty ? "no data" : parts.joined(separator: ", ")
        case .runningSpeedAndCadence(let rsc):
            return String(format: "%.2f m/s, cadence %d, %@", rsc.speed, rsc.cadence, rsc.isRunning ? "running" : "walking")
        case .indoorBike(let bike):
            var parts: [String] = []
            if let speed = bike.speed { parts.append(String(format: "%.2f km/h", speed)) }
            if let cadence = bike.cadence { parts.append(String(format: "%.1f rpm", cadence)) }
            if let power = bike.power { parts.append("\(power) W") }
            return parts.isEmpty ? "no data" : parts.joined(separator: ", ")
        case .battery(let level):
            return "battery \(level.percent) %"
        case .heartRate, .bodySensorLocation, .link, .unknown, .invalid, .sensorLocation:
            return ""
        }
    }
}
