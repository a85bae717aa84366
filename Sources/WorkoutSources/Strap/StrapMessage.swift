import Foundation
import OpenHealthKitCore

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
