import Foundation
import OpenHealthKit

/// `record --mirror`: the session mirrored to a companion, which gets the recording's snapshot each second.
extension Record {
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

    /// Sends the companion the recording's snapshot, as JSON: what the dashboard shows.
    func sendMirrorSnapshot(_ snapshot: LiveSnapshot, session: HKWorkoutSession) async {
        guard let data = try? JSONEncoder().encode(snapshot) else { return }
        // A companion that went away is said once by the session's failures; the recording goes on.
        try? await session.sendToRemoteWorkoutSession(data: data)
    }
}
