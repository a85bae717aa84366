import GATT

/// A recording's smart trainer, as a pure machine around ``TrainerController``: once a second it is told whether the
/// ride runs and what the rider should meet (a power to hold, else a road's grade), and it decides what the trainer
/// is asked: ERG at the step's power, a road simulated at the course's grade, a flat road otherwise; a pause pauses
/// the trainer and the ride's end stops it.
///
/// - A new connection holds no control: the conversation starts afresh, asking control first.
/// - A target power is sent again when it changes by a watt or more (a ramp moves it every few seconds); a grade when
///   it changes by 0.1 % or more, at most every 2 s, so a noisy course does not flood the control point.
/// - ``line`` says, for the dashboard and the live page, what the trainer does now; ``holdsPower`` says whether it
///   holds a power the trainer has confirmed (its wheel speed then says nothing of the effort).
public struct TrainerDriver: Sendable {
    /// The conversation with the control point.
    public private(set) var controller: TrainerController
    /// The trainer's name while it is connected.
    public private(set) var connectedName: String?
    private var running = false
    private var lastAsked: (mode: TrainerController.Mode, at: Double)?
    private let responseTimeout: Double

    /// A driver whose requests wait `responseTimeout` seconds for an answer.
    public init(responseTimeout: Double = 3) {
        self.responseTimeout = responseTimeout
        controller = TrainerController(responseTimeout: responseTimeout)
    }

    /// The mode a ride asks for: ERG at `power` watts when there is one, else the road at `grade` % (flat without).
    public static func mode(power: Int?, grade: Double?) -> TrainerController.Mode {
        if let power { return .erg(watts: power) }
        return .simulation(grade: ((grade ?? 0) * 100).rounded() / 100)
    }

    /// The trainer connected (again): control is asked afresh at the next ``update(running:mode:at:)``.
    public mutating func connected(_ name: String) -> [TrainerController.Action] {
        connectedName = name
        controller = TrainerController(responseTimeout: responseTimeout)
        lastAsked = nil
        return [.tell("trainer: \(name) connected")]
    }

    /// The trainer went away: nothing is sent until it is back.
    public mutating func disconnected(_ reason: String) -> [TrainerController.Action] {
        connectedName = nil
        controller = TrainerController(responseTimeout: responseTimeout)
        lastAsked = nil
        return [.tell("trainer lost: \(reason)")]
    }

    /// An indication of the control point.
    public mutating func received(response value: [UInt8], at time: Double) -> [TrainerController.Action] {
        controller.received(indication: value, at: time)
    }

    /// A Fitness Machine Status notification.
    public mutating func received(status value: [UInt8], at time: Double) -> [TrainerController.Action] {
        let actions = controller.received(status: value, at: time)
        // Control lost asks for it again and sends the mode: it counts as asked now.
        if controller.state == .askingControl, let mode = controller.mode { lastAsked = (mode, time) }
        return actions
    }

    /// The ride now: whether it runs, and the mode it asks for; what to write and tell.
    public mutating func update(running: Bool, mode: TrainerController.Mode, at time: Double) -> [TrainerController.Action] {
        guard connectedName != nil else {
            self.running = running
            return []
        }
        var actions: [TrainerController.Action] = []
        if !running {
            if self.running {
                actions += controller.stop(pausing: true, at: time)
                lastAsked = nil
            }
            self.running = false
            return actions + controller.timedOut(at: time)
        }
        self.running = true
        if shouldAsk(mode, at: time) {
            lastAsked = (mode, time)
            actions += controller.want(mode, at: time)
        }
        return actions + controller.timedOut(at: time)
    }

    /// The ride is over: the trainer stops.
    public mutating func finish(at time: Double) -> [TrainerController.Action] {
        running = false
        guard connectedName != nil else { return [] }
        return controller.stop(pausing: false, at: time)
    }

    /// Whether the trainer holds a power it confirmed, while the ride runs.
    public var holdsPower: Bool {
        guard running, connectedName != nil, case .erg = controller.confirmed else { return false }
        return true
    }

    /// What the trainer does now, for the dashboard and the live page: `TRAINER ERG 220 W`, `TRAINER SIM +3.2 %`.
    public var line: String {
        guard let name = connectedName else { return "TRAINER waiting for the trainer to connect" }
        switch controller.state {
        case .idle: return "TRAINER \(name) connected"
        case .askingControl: return "TRAINER asking \(name) for control"
        case .refused: return "TRAINER \(name) refused control: riding free"
        case .controlled: break
        }
        guard running else { return "TRAINER paused" }
        guard let mode = controller.mode else { return "TRAINER \(name) under control" }
        let confirmed = controller.confirmed == mode ? "" : " (asked)"
        switch mode {
        case .erg(let watts): return "TRAINER ERG \(watts) W\(confirmed)"
        case .simulation(let grade, _, _, _):
            let tenths = Int((grade * 10).rounded())
            let text = "\(tenths < 0 ? "-" : "+")\(abs(tenths) / 10).\(abs(tenths) % 10)"
            return "TRAINER SIM \(text) %\(confirmed)"
        }
    }

    private func shouldAsk(_ mode: TrainerController.Mode, at time: Double) -> Bool {
        guard let (last, at) = lastAsked else { return true }
        switch (last, mode) {
        case (.erg(let before), .erg(let now)):
            return before != now
        case (.simulation(let before, _, _, _), .simulation(let now, _, _, _)):
            return abs(now - before) >= 0.1 && time - at >= 2
        default:
            return true
        }
    }
}
