public import Foundation
import Synchronization

/// One reading from a live source.
public enum WorkoutReading: Sendable {
    /// A measured quantity: heart rate, power, cadence, energy from a strap, ….
    case quantity(HKQuantitySample)
    /// A position fix, timed by the receiver.
    case location(CLLocation)
    /// A beat-to-beat (RR) interval in seconds, ending at `date`.
    case heartbeat(interval: TimeInterval, date: Date)
    /// A change in a device's state: connected, lost fix, contact lost, ….
    case status(WorkoutSourceStatus)
}
