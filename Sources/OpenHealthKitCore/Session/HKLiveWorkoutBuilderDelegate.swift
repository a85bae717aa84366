import Foundation
import Synchronization

/// Hears from a live workout builder as data and events arrive.
public protocol HKLiveWorkoutBuilderDelegate: AnyObject {
    /// Statistics for `collectedTypes` changed after a batch of samples.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    /// The builder accepted an event; one call per event.
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
    /// The builder's current activity ended.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity)
    /// A new activity began.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity)
}
