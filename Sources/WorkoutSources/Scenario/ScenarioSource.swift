import Foundation
public import OpenHealthKitCore
public import ScenarioModel

/// A live source that plays a scenario's sensors in real time, for
/// `OPENHEALTHKIT_SOURCES=scenario:Scenarios/easy-run.yaml?speed=10`.
///
/// The app drives its own session, as with real sensors; the scenario's
/// session actions are ignored and its readings are dated from the moment
/// ``readings()`` starts. `speed` (default 1) plays faster than real time.
public struct ScenarioSource: WorkoutDataSource {
    /// The scenario played.
    public let scenario: Scenario
    /// How many times faster than real time.
    public let speed: Double

    /// The source's pace: its speed.
    public var pace: Double { speed }
    /// `scenario:PATH`.
    public let name: String
    private let clock: any WorkoutClock

    /// A source playing `scenario`, dated from `clock`'s now when it starts.
    public init(scenario: Scenario, speed: Double = 1, clock: any WorkoutClock = SystemClock()) {
        self.scenario = scenario
        self.speed = speed
        self.clock = clock
        name = "scenario:\(scenario.file)"
    }

    /// Registers the `scenario` scheme with ``WorkoutSourceRegistry``, so
    /// `OPENHEALTHKIT_SOURCES` may name scenario files.
    public static func register() {
        WorkoutSourceRegistry.register(scheme: "scenario") { specification in
            let speed = specification.parameters["speed"].flatMap(Double.init) ?? 1
            guard speed > 0, speed.isFinite else {
                throw WorkoutSourceError("'\(specification)': speed must be a number above 0, such as speed=10")
            }
            do {
                return ScenarioSource(scenario: try Scenario(contentsOf: URL(fileURLWithPath: specification.location)), speed: speed)
            } catch {
                throw WorkoutSourceError("'\(specification)': \(error)")
            }
        }
    }

    /// Plays the scenario's readings, paced by `speed`, until it ends or the task is cancelled.
    public func readings() -> AsyncThrowingStream<WorkoutReading, any Error> {
        var scenario = scenario
        scenario.start = clock.now
        let dated = scenario, speed = speed, prefix = name
        return AsyncThrowingStream { continuation in
            let task = Task {
                var simulation = ScenarioSimulation(scenario: dated)
                var readings = ScenarioReadings(scenario: dated, sourcePrefix: prefix)
                var played = 0.0
                while let tick = simulation.next() {
                    if tick.time > played {
                        do { try await Task.sleep(for: .seconds((tick.time - played) / speed)) } catch { break }
                        played = tick.time
                    }
                    for reading in readings.readings(of: tick) { continuation.yield(reading) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
