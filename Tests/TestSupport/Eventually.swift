/// Asks `condition` every `interval` until it holds or `limit` has passed on the continuous clock, and says
/// whether it came to hold: a wait that a machine busy with the rest of the suite slows, but never cuts short
/// the way a count of tries does.
public func eventually(every interval: Duration = .milliseconds(100), within limit: Duration,
                       _ condition: () async throws -> Bool) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while true {
        if try await condition() { return true }
        if clock.now >= deadline { return false }
        try await Task.sleep(for: interval)
    }
}
