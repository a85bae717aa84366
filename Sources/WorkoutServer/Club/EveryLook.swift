import ServiceLifecycle

/// Runs `look` now and after every `pause`, until the service group shuts down gracefully or the task is cancelled:
/// the loop of the club's background services (rides forwarded, riders watched over).
func everyLook(pausing pause: Duration, _ look: @escaping @Sendable () async -> Void) async {
    await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            await look()
            try? await Task.sleep(for: pause)
        }
    }
}
