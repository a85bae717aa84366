import Foundation
import OpenHealthKit

/// `record --mirror`: the session mirrored to a companion, which gets the figures each second.
extension Record {
    /// What the companion receives each second, as JSON.
    struct MirrorSnapshot: Encodable {
        var elapsedSeconds: Double
        var heartRate: Double?
        var distanceMeters: Double?
        var energyKilocalories: Double?
    }

    func startMirroring(_ session: HKWorkoutSession, store: HKHealthStore, display: RecordDisplay) async {
        // The mirror starts in the primary's state: let the session report running first.
        await session.settle(at: .running, within: 1)
        do {
            try await session.startMirroringToCompanionDevice()
            display.log("mirroring to the companion at \(store.companionSocketPath)")
        } catch {
            display.warn("\(error)")
        }
    }

    func sendMirrorSnapshot(_ session: HKWorkoutSession, builder: HKLiveWorkoutBuilder, display: RecordDisplay, at date: Date) async {
        let bpm = HKUnit.count().unitDivided(by: .minute())
        // The dashboard's distance, so the companion shows what the screen shows.
        let distance = display.distance(builder)
        let snapshot = MirrorSnapshot(elapsedSeconds: builder.elapsedTime(at: date),
                                      heartRate: builder.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()?.doubleValue(for: bpm),
                                      distanceMeters: distance > 0 ? distance : nil,
                                      energyKilocalories: builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()))
        guard let data = try? JSONEncoder().encode(snapshot) else { return }
        // A companion that went away is said once by the session's failures; the recording goes on.
        try? await session.sendToRemoteWorkoutSession(data: data)
    }
}
