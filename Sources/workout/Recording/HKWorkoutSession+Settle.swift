import OpenHealthKit

extension HKWorkoutSession {
    /// Waits, at most `seconds`, until the session's state is `wanted`: the
    /// session moves its state on its own queue, so `end()` or `pause()` has
    /// not taken effect when it returns, and a builder refuses to finish a
    /// workout whose session has not ended.
    func settle(at wanted: HKWorkoutSessionState, within seconds: Double = 10) async {
        for _ in 0..<Int(seconds * 100) where state != wanted {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
