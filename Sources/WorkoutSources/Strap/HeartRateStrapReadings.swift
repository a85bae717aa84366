public import Foundation
public import OpenHealthKitCore
public import GATT
public import SensorBridge

/// Turns a strap's decoded messages into workout readings: heart-rate samples,
/// heartbeats from RR intervals, energy from the strap's counter, and status
/// changes (contact lost and restored, link down and up).
///
/// - Heart rate is a sample at the frame's date; a rate of 0, above 300, or
///   sent while the strap reports no skin contact is left out.
/// - Beats are placed by the running sum of RR intervals, never by arrival
///   time: the timeline is anchored so that no beat falls after the notification
///   that carried it (`offset = min(arrival − ΣRR)`), and re-anchored when a
///   notification arrives more than three seconds after its last beat should
///   have (beats were lost) or after contact or the link was lost.
/// - Energy is the counter's increase since the previous value, in kilocalories
///   (kJ ÷ 4.184); the first value only anchors; a drop is a reset (counted from 0);
///   a saturated counter (65535 kJ) adds nothing.
/// - HRM1 frames are dated by the bridge's clock, mapped to the host's by the
///   smallest arrival delay seen, so USB and scheduling latency do not move
///   samples; other framings are dated on arrival.
///
/// Call ``reset()`` after a reconnect: the bridge may have restarted.
public struct HeartRateStrapReadings: Sendable {
    /// The source name statuses carry, such as `hrm:/dev/ttyUSB0`.
    public let sourceName: String
    /// The device on the bridge these readings come from (an HRM2 tag), or `nil` for a bridge of one strap.
    public let device: String?
    /// The strap's contact state from its last heart-rate notification.
    public private(set) var contact: HeartRateMeasurement.SensorContact?
    /// Where the strap said it sits, if it said.
    public private(set) var bodySensorLocation: BodySensorLocation?
    /// Whether the bridge reports its link to the strap as up.
    public private(set) var isLinkUp = true

    private var bridgeOffset: TimeInterval?
    private var lastBridgeSeconds: Double?
    private var beats = BeatTimeline()
    private var energy: (kilojoules: UInt16, date: Date)?

    private static let heartRate = HKQuantityType(.heartRate)
    private static let activeEnergy = HKQuantityType(.activeEnergyBurned)
    private static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())

    /// Readings for the source named `sourceName`, from `device` on its bridge where it says.
    public init(sourceName: String, device: String? = nil) {
        self.sourceName = sourceName
        self.device = device
    }

    /// Forgets all state tied to one connection: contact, beat anchor, energy
    /// counter and the bridge's clock.
    public mutating func reset() {
        contact = nil
        isLinkUp = true
        bridgeOffset = nil
        lastBridgeSeconds = nil
        beats = BeatTimeline()
        energy = nil
    }

    /// The date of a frame: the bridge's clock mapped to the host's for HRM1,
    /// else `arrival`. Never later than `arrival`.
    public mutating func date(of frame: StrapFrameDecoder.Frame, arrival: Date) -> Date {
        guard let milliseconds = frame.bridgeMilliseconds else { return arrival }
        let bridge = Double(milliseconds) / 1000
        let candidate = arrival.timeIntervalSinceReferenceDate - bridge
        if let offset = bridgeOffset, let last = lastBridgeSeconds, bridge >= last {
            bridgeOffset = min(offset, candidate)
        } else {
            // First frame, or the bridge's clock went back: it restarted.
            bridgeOffset = candidate
        }
        lastBridgeSeconds = bridge
        return Date(timeIntervalSinceReferenceDate: bridge + bridgeOffset!)
    }

    /// The readings `message` gives at `date`.
    public mutating func readings(for message: StrapMessage, at date: Date) -> [WorkoutReading] {
        switch message {
        case .heartRate(let measurement):
            return readings(for: measurement, at: date)
        case .bodySensorLocation(let location):
            bodySensorLocation = location
            return []
        case .link(let up):
            guard up != isLinkUp else { return [] }
            isLinkUp = up
            if !up { beats = BeatTimeline() }
            return [.status(WorkoutSourceStatus(source: sourceName, kind: up ? .connected : .disconnected, date: date,
                                                detail: up ? "the bridge reconnected to \(device.map { "device \($0)" } ?? "the strap")"
                                                    : "the bridge lost its Bluetooth link to \(device.map { "device \($0)" } ?? "the strap")"))]
        case .unknown, .invalid, .cyclingPower, .speedAndCadence, .runningSpeedAndCadence, .indoorBike, .battery, .sensorLocation:
            // Other sensors' notifications are ``SensorReadings``'.
            return []
        }
    }

    /// The readings one Heart Rate Measurement gives at `date`.
    public mutating func readings(for measurement: HeartRateMeasurement, at date: Date) -> [WorkoutReading] {
        var readings: [WorkoutReading] = []
        if measurement.contact != contact {
            if measurement.contact == .notDetected {
                readings.append(.status(WorkoutSourceStatus(source: sourceName, kind: .contactLost, date: date,
                                                            detail: "the strap reports no skin contact; its readings are left out")))
            } else if contact == .notDetected {
                readings.append(.status(WorkoutSourceStatus(source: sourceName, kind: .contactRestored, date: date, detail: "skin contact restored")))
            }
            contact = measurement.contact
        }
        if measurement.contact == .notDetected {
            beats = BeatTimeline()
        } else {
            if measurement.hasValidHeartRate {
                readings.append(.quantity(HKQuantitySample(type: Self.heartRate,
                                                           quantity: HKQuantity(unit: Self.beatsPerMinute, doubleValue: Double(measurement.beatsPerMinute)),
                                                           start: date, end: date)))
            }
            for beat in beats.add(measurement.rrIntervals, arrival: date) {
                readings.append(.heartbeat(interval: beat.interval, date: beat.end))
            }
        }
        if let kilojoules = measurement.energyExpended {
            if let last = energy {
                let added: UInt16 = kilojoules >= last.kilojoules ? kilojoules - last.kilojoules : kilojoules
                if added > 0, date > last.date {
                    readings.append(.quantity(HKQuantitySample(type: Self.activeEnergy,
                                                               quantity: HKQuantity(unit: .kilocalorie(), doubleValue: Double(added) / 4.184),
                                                               start: last.date, end: date)))
                }
            }
            energy = (kilojoules, date)
        }
        return readings
    }
}

