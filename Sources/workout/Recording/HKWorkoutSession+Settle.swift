import OpenHealthKit

extension HKWorkoutSession {
    /// Waits, at most `seconds`, until the session's state is `wanted`: the
    /// session moves its state on its own queue, so `end()` or `pause()` has
    /// not taken effect when it returns, and a builder refuses to finish a
    /// workout whose session has not ended.
    ///
    /// Woken by the session's own updates (``HKWorkoutSession/updates()``), not
    /// by polling: subscribed before the state is read, so no change is missed.
    func settle(at wanted: HKWorkoutSessionState, within seconds: Double = 10) async {
        let updates = updates()
        guard state != wanted else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await update in updates {
                    if case .stateChanged(let state, _, _) = update, state == wanted { return }
                }
            }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
            await group.next()
            group.cancelAll()
        }
    }
}
