import Foundation
import Synchronization

/// The construction states of a workout builder.
public enum HKWorkoutBuilderState: Int, Sendable, CustomStringConvertible {
    /// Created; ``HKWorkoutBuilder/beginCollection(at:)`` not yet called.
    case notStarted = 0
    /// Collecting.
    case active = 1
    /// Collection ended; ready to finish.
    case ended = 2
    /// Saved as a workout.
    case finished = 3
    /// Thrown away.
    case discarded = 4

    /// The state's name.
    public var description: String {
        switch self {
        case .notStarted: "NotStarted"
        case .active: "Active"
        case .ended: "Ended"
        case .finished: "Finished"
        case .discarded: "Discarded"
        }
    }
}
