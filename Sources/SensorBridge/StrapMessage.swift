import Foundation
public import GATT

/// What one strap frame says, decoded.
public enum StrapMessage: Sendable, Hashable {
    /// A Heart Rate Measurement (0x2A37).
    case heartRate(HeartRateMeasurement)
    /// A Body Sensor Location (0x2A38).
    case bodySensorLocation(BodySensorLocation)
    /// A Cycling Power Measurement (0x2A63), from a power meter.
    case cyclingPower(CyclingPowerMeasurement)
    /// A CSC Measurement (0x2A5B), from a speed or cadence sensor.
    case speedAndCadence(CSCMeasurement)
    /// An RSC Measurement (0x2A53), from a running pod.
    case runningSpeedAndCadence(RSCMeasurement)
    /// Indoor Bike Data (0x2AD2), from a smart trainer.
    case indoorBike(IndoorBikeData)
    /// A Battery Level (0x2A19).
    case battery(BatteryLevel)
    /// A Sensor Location (0x2A5D): where a power meter, speed sensor or foot pod sits.
    case sensorLocation(SensorLocation)
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
            do {
                switch kind {
                case 0x2A63: self = .cyclingPower(try CyclingPowerMeasurement(payload))
                case 0x2A5B: self = .speedAndCadence(try CSCMeasurement(payload))
                case 0x2A53: self = .runningSpeedAndCadence(try RSCMeasurement(payload))
                case 0x2AD2: self = .indoorBike(try IndoorBikeData(payload))
                case 0x2A19: self = .battery(try BatteryLevel(payload))
                case 0x2A5D: self = .sensorLocation(try SensorLocation(payload))
                default: self = .unknown(kind: kind, payload: payload)
                }
            } catch {
                self = .invalid(kind: kind, payload: payload, reason: error.description)
            }
        }
    }
}
