public import GATT

/// The conversation with a smart trainer's Fitness Machine Control Point, as a pure machine: what the recording
/// wants the trainer to do goes in, the bytes to write and what to tell the rider come out, and each indication
/// and status notification the trainer sends is taken in turn.
///
/// - Control is asked first (0x00); the trainer is then started (0x07) and given the mode: a target power in ERG
///   (0x05) or a road to simulate (0x11).
/// - One request is outstanding at a time, as the specification asks; a newer target replaces one still waiting.
/// - A refusal is told with what it means; "control not permitted" (0x05) asks for control once more, then gives up
///   until the rider's next target. A status of control lost (0xFF) asks for control again and sends the mode again.
/// - A response that does not come within ``responseTimeout`` seconds (ask ``timedOut(at:)``) is told, and the
///   request sent once more.
public struct TrainerController: Sendable {
    /// What the trainer should do.
    public enum Mode: Hashable, Sendable {
        /// Hold this many watts, whatever the cadence (ERG).
        case erg(watts: Int)
        /// Ride a road: grade in %, wind in m/s, rolling and wind resistance coefficients.
        case simulation(grade: Double, windSpeed: Double = 0, rollingResistance: Double = 0.004, windResistance: Double = 0.51)
    }

    /// What to do now.
    public enum Action: Hashable, Sendable {
        /// Write these bytes to the control point (the request's, for logs).
        case write(FitnessMachineRequest)
        /// Tell the rider.
        case tell(String)
    }

    /// Where the conversation is.
    public enum State: Hashable, Sendable {
        /// Nothing asked yet.
        case idle
        /// Control asked, not yet granted.
        case askingControl
        /// Control granted.
        case controlled
        /// The trainer refused control; nothing more is sent until the next mode.
        case refused
    }

    /// Seconds a response may take.
    public let responseTimeout: Double
    /// Where the conversation is.
    public private(set) var state = State.idle
    /// The mode last asked for.
    public private(set) var mode: Mode?
    /// The mode the trainer confirmed last.
    public private(set) var confirmed: Mode?

    private var started = false
    private var outstanding: (request: FitnessMachineRequest, since: Double, retried: Bool)?
    private var queue: [FitnessMachineRequest] = []
    private var controlRetries = 0

    /// A controller waiting `responseTimeout` seconds for each response.
    public init(responseTimeout: Double = 3) { self.responseTimeout = responseTimeout }

    /// The trainer should now do `mode`: asks control first where needed. `time` is any clock's seconds.
    public mutating func want(_ mode: Mode, at time: Double) -> [Action] {
        self.mode = mode
        if state == .refused { state = .idle; controlRetries = 0 }
        queue.removeAll { $0.opCode == 0x05 || $0.opCode == 0x11 }
        switch state {
        case .idle:
            state = .askingControl
            queue = [.requestControl] + queue
        case .askingControl, .controlled, .refused:
            break
        }
        if !started, !queue.contains(.startOrResume) { queue.append(.startOrResume) }
        queue.append(Self.request(for: mode))
        return send(at: time)
    }

    /// The ride is paused or over: the trainer pauses or stops (when controlled).
    public mutating func stop(pausing: Bool, at time: Double) -> [Action] {
        guard state == .controlled || state == .askingControl else { return [] }
        queue.removeAll { $0.opCode == 0x05 || $0.opCode == 0x11 || $0.opCode == 0x07 }
        queue.append(pausing ? .pause : .stop)
        started = false
        return send(at: time)
    }

    /// Takes an indication from the control point.
    public mutating func received(indication value: [UInt8], at time: Double) -> [Action] {
        let response: FitnessMachineResponse
        do { response = try FitnessMachineResponse(value) } catch { return [.tell("trainer: \(error.message)")] }
        guard let (request, _, _) = outstanding, request.opCode == response.requestOpCode else {
            return [.tell("trainer: an answer to op code 0x\(String(response.requestOpCode, radix: 16)) that was not asked")]
        }
        outstanding = nil
        var actions: [Action] = []
        switch response.result {
        case .success:
            switch request {
            case .requestControl: state = .controlled; controlRetries = 0
            case .startOrResume: started = true
            case .setTargetPower(let watts):
                confirmed = .erg(watts: Int(watts))
                actions.append(.tell("trainer: holding \(watts) W"))
            case .indoorBikeSimulation: confirmed = mode
            case .stop, .pause: started = false
            case .reset: state = .idle; started = false
            }
        case .controlNotPermitted:
            actions.append(.tell("trainer refused \(request.summary): \(response.result.meaning)"))
            if controlRetries < 1 {
                controlRetries += 1
                state = .askingControl
                // Control once more, then what was refused (unless it was control itself).
                queue = [.requestControl] + (request == .requestControl ? [] : [request]) + queue.filter { $0 != request }
            } else {
                state = .refused
                queue.removeAll()
            }
        default:
            actions.append(.tell("trainer refused \(request.summary): \(response.result.meaning)"))
            if request == .requestControl { state = .refused; queue.removeAll() }
        }
        return actions + send(at: time)
    }

    /// Takes a Fitness Machine Status notification.
    public mutating func received(status value: [UInt8], at time: Double) -> [Action] {
        guard let status = try? FitnessMachineStatus(value) else { return [] }
        switch status {
        case .controlPermissionLost:
            guard state == .controlled, let mode else { state = .idle; return [] }
            state = .idle
            started = false
            confirmed = nil
            return [.tell("trainer: control lost; asking again")] + want(mode, at: time)
        case .stoppedOrPaused(let paused):
            started = false
            return [.tell("trainer \(paused ? "paused" : "stopped") on the trainer")]
        case .reset:
            state = .idle
            started = false
            confirmed = nil
            return [.tell("trainer reset")]
        default:
            return []
        }
    }

    /// Asks whether the outstanding request has waited too long: sent once more, then given up.
    public mutating func timedOut(at time: Double) -> [Action] {
        guard let (request, since, retried) = outstanding, time - since >= responseTimeout else { return [] }
        if retried {
            outstanding = nil
            if request == .requestControl { state = .refused; queue.removeAll() }
            return [.tell("trainer: no answer to \(request.summary) in \(Int(responseTimeout)) s; giving up")] + send(at: time)
        }
        outstanding = (request, time, true)
        return [.tell("trainer: no answer to \(request.summary) in \(Int(responseTimeout)) s; asking again"), .write(request)]
    }

    private mutating func send(at time: Double) -> [Action] {
        guard outstanding == nil, !queue.isEmpty else { return [] }
        // Nothing but a request for control goes before control is granted.
        if state != .controlled, queue.first != .requestControl { return [] }
        let next = queue.removeFirst()
        outstanding = (next, time, false)
        return [.write(next)]
    }

    private static func request(for mode: Mode) -> FitnessMachineRequest {
        switch mode {
        case .erg(let watts): .setTargetPower(watts: Int16(clamping: watts))
        case .simulation(let grade, let wind, let crr, let cw):
            .indoorBikeSimulation(windSpeed: wind, grade: grade, rollingResistance: crr, windResistance: cw)
        }
    }
}
