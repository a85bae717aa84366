import Foundation
import OpenHealthKit

extension Record {
    /// Sends the store's workouts the club lacks (this one, and any an earlier
    /// recording could not send): the store is the queue, so a workout recorded
    /// offline goes with the next recording or `workout sync` once the network is back.
    /// A failure is said, not fatal: the workout is saved. Returns the workout's address on the club when
    /// `workout` is there now.
    func sync(to url: String, store: HKHealthStore, workout: HKWorkout) async -> String? {
        do {
            // validate() checked the address and the token.
            let base = try SyncClient.serverURL(url, option: "--sync-to")
            let client = SyncClient(base: base, token: try Sync.token(nil, file: syncTokenFile), retryFor: syncRetryFor)
            // Under --json, standard output holds the summary alone.
            let report = try await Sync.sendMissing(from: store, to: client, lines: json ? .standardError : .standardOutput)
            if report.failed > 0 {
                warn("\(report.failed) workout(s) not sent to \(url); the store keeps them, and the next `workout sync` or `workout record --sync-to` sends them.")
            }
            let id = Sync.clubID(of: workout)
            guard !report.failedIDs.contains(id), report.known.contains(id) else { return nil }
            return base.appendingPathComponent("workouts").appendingPathComponent(id.uuidString).absoluteString
        } catch {
            warn("not sent to \(url) now (\(error)); the store keeps the workout, and the next `workout sync` or `workout record --sync-to` sends it.")
            return nil
        }
    }
}
