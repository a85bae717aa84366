public import Foundation
import Synchronization

/// Receives a workout session's state changes, errors and events.
///
/// Calls arrive on the session's serial background queue. When an error changes
/// the state, ``workoutSession(_:didFailWithError:)`` comes before
/// ``workoutSession(_:didChangeTo:from:date:)``.
public protocol HKWorkoutSessionDelegate: AnyObject {
    /// The session moved from `fromState` to `toState` at `date`.
    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date)
    /// A request failed, or an error ended the session.
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// The session generated an event: pause, resume, lap, marker, ….
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
    /// A multisport activity began.
    func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date)
    /// A multisport activity ended.
    func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date)
    /// The session's remote counterpart (the primary, or its mirror on the companion) sent
    /// data with ``HKWorkoutSession/sendToRemoteWorkoutSession(data:)``.
    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
    /// The remote counterpart went away without stopping mirroring: its process ended or its link broke.
    func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?)
}
