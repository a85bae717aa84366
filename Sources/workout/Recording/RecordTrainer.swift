import Foundation
import GATT
import TrainerControl
import WorkoutSources

/// A recording's smart trainer (`workout record --trainer NAME`): the link to it through its source, and the driver
/// deciding what it is asked. What the driver writes goes down the link; what it tells comes back as log lines.
struct RecordTrainer {
    /// The link the trainer's source was made with.
    let link: TrainerLink
    /// The driver.
    private(set) var driver = TrainerDriver()

    /// A trainer reached through `link`.
    init(link: TrainerLink) { self.link = link }

    /// Takes what the link brought back; returns what to log.
    mutating func take(_ message: TrainerLink.Message, at date: Date) -> [String] {
        let time = date.timeIntervalSinceReferenceDate
        switch message {
        case .connected(let name): return perform(driver.connected(name))
        case .disconnected(let reason): return perform(driver.disconnected(reason))
        case .response(let value): return perform(driver.received(response: value, at: time))
        case .status(let value): return perform(driver.received(status: value, at: time))
        case .writeFailed(let reason): return ["trainer: \(reason)"]
        }
    }

    /// The ride now: whether it runs, the step's power (ERG) and the road's grade; returns what to log.
    mutating func update(running: Bool, power: Int?, grade: Double?, at date: Date) -> [String] {
        perform(driver.update(running: running, mode: TrainerDriver.mode(power: power, grade: grade), at: date.timeIntervalSinceReferenceDate))
    }

    /// The ride is over: the trainer is stopped.
    mutating func finish(at date: Date) -> [String] {
        perform(driver.finish(at: date.timeIntervalSinceReferenceDate))
    }

    private func perform(_ actions: [TrainerController.Action]) -> [String] {
        var messages: [String] = []
        for action in actions {
            switch action {
            case .write(let request): link.write(request.bytes)
            case .tell(let text): messages.append(text)
            }
        }
        link.holdsPower = driver.holdsPower
        return messages
    }
}
