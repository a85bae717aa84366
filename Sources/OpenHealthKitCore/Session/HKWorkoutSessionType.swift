import Foundation
import Synchronization

/// Whether a session was created here or mirrored from another device.
public enum HKWorkoutSessionType: Int, Sendable {
    /// Created by ``HKWorkoutSession/init(healthStore:configuration:)``.
    case primary = 0
    /// Received from another device.
    case mirrored = 1
}
