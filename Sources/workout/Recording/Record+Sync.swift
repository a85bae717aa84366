import Foundation
import OpenHealthKit

extension Record {
    /// Sends the store's workouts the club lacks (this one, and any an earlier
    /// recording could not send): the store is the queue, so a workout recorded
    /// offline goes with the next recording or `workout sync` once the network is back.
    /// A failure is said, not fatal: the workout is saved.
    func sync(to url: String, store: HKHealthStore) async {
        do {
            // validate() checked the address and the token.
            let client = SyncClient(base: try SyncClient.serverURL(url, option: "--sync-to"), token: try Sync.token(nil, file: syncTokenFile), retryFor: syncRetryFor)
            let report = try await Sync.sendMissing(from: store, to: client)
            if report.failed > 0 {
                warn("\(report.failed) workout(s) not sent to \(url); the store keeps them, and the next `workout sync` or `workout record --sync-to` sends them.")
            }
        } catch {
            warn("not sent to \(url) now (\(error)); the store keeps the workout, and the next `workout sync` or `workout record --sync-to` sends it.")
        }
    }
}
