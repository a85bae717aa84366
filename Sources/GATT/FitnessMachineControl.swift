/// A request written to a smart trainer's Fitness Machine Control Point (0x2AD9), as the Fitness Machine Service
/// 1.0 specification lays it out: an op code, then its parameter, little-endian.
public enum FitnessMachineRequest: Hashable, Sendable {
    /// 0x00: ask to control the machine; every other request needs it granted first.
    case requestControl
    /// 0x01: reset the machine's control and settings.
    case reset
    /// 0x05: hold this many watts (ERG), −32,768 to 32,767 W.
    case setTargetPower(watts: Int16)
    /// 0x07: start, or resume after a pause.
    case startOrResume
    /// 0x08: stop (parameter 0x01) or pause (0x02).
    case stop
    case pause
    /// 0x11: ride a road: wind speed in m/s (0.001 resolution), grade in % (0.01), rolling resistance
    /// coefficient (0.0001) and wind resistance coefficient in kg/m (0.01).
    case indoorBikeSimulation(windSpeed: Double, grade: Double, rollingResistance: Double, windResistance: Double)

    /// The op code.
    public var opCode: UInt8 {
        switch self {
        case .requestControl: 0x00
        case .reset: 0x01
        case .setTargetPower: 0x05
        case .startOrResume: 0x07
        case .stop, .pause: 0x08
        case .indoorBikeSimulation: 0x11
        }
    }

    /// The bytes to write: the op code and its parameter. Values beyond a field's range are held at its ends.
    public var bytes: [UInt8] {
        var writer = GATTWriter()
        writer.uint8(opCode)
        switch self {
        case .requestControl, .reset, .startOrResume: break
        case .setTargetPower(let watts): writer.sint16(watts)
        case .stop: writer.uint8(0x01)
        case .pause: writer.uint8(0x02)
        case .indoorBikeSimulation(let wind, let grade, let crr, let cw):
            func clamped(_ value: Double, _ range: ClosedRange<Double>) -> Double { min(max(value.isFinite ? value : 0, range.lowerBound), range.upperBound) }
            writer.sint16(Int16(clamped((wind * 1_000).rounded(), -32_768...32_767)))
            writer.sint16(Int16(clamped((grade * 100).rounded(), -32_768...32_767)))
            writer.uint8(UInt8(clamped((crr * 10_000).rounded(), 0...255)))
            writer.uint8(UInt8(clamped((cw * 100).rounded(), 0...255)))
        }
        return writer.bytes
    }

    /// What the request asks, for people: `set target power 250 W`.
    public var summary: String {
        switch self {
        case .requestControl: "request control"
        case .reset: "reset"
        case .setTargetPower(let watts): "set target power \(watts) W"
        case .startOrResume: "start"
        case .stop: "stop"
        case .pause: "pause"
        case .indoorBikeSimulation(let wind, let grade, _, _): "simulate a \((grade * 10).rounded() / 10) % grade, wind \((wind * 10).rounded() / 10) m/s"
        }
    }
}

/// The machine's answer to a control-point request, indicated on 0x2AD9: 0x80, the request's op code, a result code.
public struct FitnessMachineResponse: Hashable, Sendable {
    /// The result codes of the specification.
    public enum Result: UInt8, Sendable, CaseIterable {
        case success = 0x01
        case opCodeNotSupported = 0x02
        case invalidParameter = 0x03
        case operationFailed = 0x04
        case controlNotPermitted = 0x05

        /// What it means for the rider.
        public var meaning: String {
            switch self {
            case .success: "done"
            case .opCodeNotSupported: "the trainer does not support this"
            case .invalidParameter: "the trainer refused the value"
            case .operationFailed: "the trainer could not do it"
            case .controlNotPermitted: "the trainer does not give control (another app may hold it; close it, or wake the trainer, and try again)"
            }
        }
    }

    /// The op code answered.
    public var requestOpCode: UInt8
    /// The result.
    public var result: Result

    /// Reads an indication's value.
    ///
    /// - Throws: ``GATTDecodingError`` for a value that is not a response (no 0x80), is cut short, or carries a
    ///   result code the specification does not define.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .fitnessMachineControlPoint)
        let code = try reader.uint8("the response code")
        guard code == 0x80 else {
            throw GATTDecodingError(characteristic: .fitnessMachineControlPoint, offset: 0, length: value.count,
                                    message: "the value starts with 0x\(String(code, radix: 16)), not 0x80 (a response)")
        }
        requestOpCode = try reader.uint8("the request's op code")
        let raw = try reader.uint8("the result code")
        guard let result = Result(rawValue: raw) else {
            throw GATTDecodingError(characteristic: .fitnessMachineControlPoint, offset: 2, length: value.count,
                                    message: "result code 0x\(String(raw, radix: 16)) is not one the specification defines (0x01–0x05)")
        }
        self.result = result
    }

    /// A response, as a simulated trainer sends it.
    public init(requestOpCode: UInt8, result: Result) {
        self.requestOpCode = requestOpCode
        self.result = result
    }

    /// The indication's bytes.
    public var bytes: [UInt8] { [0x80, requestOpCode, result.rawValue] }
}

/// A Fitness Machine Status notification (0x2ADA): what changed on the machine, by itself or by another's request.
public enum FitnessMachineStatus: Hashable, Sendable {
    /// 0x01: reset.
    case reset
    /// 0x02: stopped (0x01) or paused (0x02) by the rider on the machine.
    case stoppedOrPaused(paused: Bool)
    /// 0x04: started or resumed by the rider.
    case startedOrResumed
    /// 0x08: the target power changed to this many watts.
    case targetPowerChanged(watts: Int16)
    /// 0x12: the road simulated changed.
    case simulationChanged
    /// 0xFF: control was lost (taken by another client, or a timeout).
    case controlPermissionLost
    /// Any other op code, with its parameter.
    case other(opCode: UInt8, parameter: [UInt8])

    /// Reads a notification's value.
    ///
    /// - Throws: ``GATTDecodingError`` when the value is empty or shorter than its op code's parameter.
    public init(_ value: [UInt8]) throws(GATTDecodingError) {
        var reader = GATTReader(value, characteristic: .fitnessMachineStatus)
        let code = try reader.uint8("the op code")
        switch code {
        case 0x01: self = .reset
        case 0x02: self = .stoppedOrPaused(paused: try reader.uint8("the stop or pause parameter") == 0x02)
        case 0x04: self = .startedOrResumed
        case 0x08: self = .targetPowerChanged(watts: try reader.sint16("the target power"))
        case 0x12: self = .simulationChanged
        case 0xFF: self = .controlPermissionLost
        default: self = .other(opCode: code, parameter: Array(value.dropFirst()))
        }
    }
}
