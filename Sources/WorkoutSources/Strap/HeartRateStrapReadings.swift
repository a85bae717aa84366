public import Foundation
public import OpenHealthKitCore

/// What one strap frame says, decoded.
public enum StrapMessage: Sendable, Hashable {
    /// A Heart Rate Measurement (0x2A37).
    case heartRate(HeartRateMeasurement)
    /// A Body Sensor Location (0x2A38).
    case bodySensorLocation(BodySensorLocation)
    /// The bridge's Bluetooth link to the strap went up or down (HRM1 `LINK`).
    case link(up: Bool)
    /// A characteristic this reader does not decode.
    case unknown(kind: UInt16, payload: [UInt8])
    /// A notification whose bytes could not be decoded, and why.
    case invalid(kind: UInt16, payload: [UInt8], reason: String)

    /// Decodes a frame's content.
    public init(_ content: StrapFraming.Frame) {
        switch content {
        case .link(let up):
            self = .link(up: up)
        case .notification(0x2A37, let payload):
            do { self = .heartRate(try HeartRateMeasurement(decoding: payload)) } catch {
                self = .invalid(kind: 0x2A37, payload: payload, reason: error.description)
            }
        case .notification(0x2A38, let payload):
            do { self = .bodySensorLocation(try BodySensorLocation(decoding: payload)) } catch {
                self = .invalid(kind: 0x2A38, payload: payload, reason: error.description)
            }
        case .notification(let kind, let payload):
            self = .unknown(kind: kind, payload: payload)
        }
    }
}

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

    /// Readings for the source named `sourceName`.
    public init(sourceName: String) {
        self.sourceName = sourceName
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
                                                detail: up ? "the bridge reconnected to the strap" : "the bridge lost its Bluetooth link to the strap"))]
        case .unknown, .invalid:
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

/// Places beats in time from RR intervals (see ``HeartRateStrapReadings``).
struct BeatTimeline: Sendable {
    /// Seconds since the reference date at which the running RR sum started.
    private var offset: TimeInterval?
    private var sum: TimeInterval = 0
    private var lastBeat: TimeInterval?

    /// A notification arriving more than this long after its last beat follows lost beats.
    static let maximumLag: TimeInterval = 3

    /// The beats `intervals` (1/1024 s, oldest first) end, for a notification arriving at `arrival`.
    mutating func add(_ intervals: [UInt16], arrival: Date) -> [(interval: TimeInterval, end: Date)] {
        let added = intervals.reduce(0) { $0 + Double($1) } / 1024
        guard added > 0 else { return [] }
        let now = arrival.timeIntervalSinceReferenceDate
        if let offset, now - (offset + sum + added) > Self.maximumLag {
            self.offset = nil
        }
        if let offset {
            self.offset = min(offset, now - (sum + added))
        } else {
            offset = now - added
            sum = 0
        }
        var beats: [(interval: TimeInterval, end: Date)] = []
        beats.reserveCapacity(intervals.count)
        for raw in intervals where raw > 0 {
            let interval = Double(raw) / 1024
            sum += interval
            var end = offset! + sum
            // The anchor only moves back; never let a beat land before the previous one.
            if let lastBeat, end <= lastBeat { end = lastBeat + interval }
            lastBeat = end
            beats.append((interval, Date(timeIntervalSinceReferenceDate: end)))
        }
        return beats
    }
}
