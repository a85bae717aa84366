import Foundation
import Synchronization

/// A live source of readings: a gpsd daemon, a heart-rate strap, a scenario.
///
/// Each call to ``readings()`` starts the source and returns its readings until
/// it ends or the consuming task is cancelled.
public protocol WorkoutDataSource: Sendable {
    /// A name for messages, such as `hrm:/dev/ttyUSB0`.
    var name: String { get }
    /// Starts the source and streams its readings.
    func readings() -> AsyncThrowingStream<WorkoutReading, any Error>
    /// How many seconds of readings the source sends per second of its clock: 1 for a
    /// sensor; more for a scenario played fast, whose readings are dated ahead of the
    /// clock they are sent by.
    var pace: Double { get }
}

extension WorkoutDataSource {
    /// A sensor's readings keep to the clock: 1.
    public var pace: Double { 1 }
}

