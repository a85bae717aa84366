/// What the keys, the signals and the live page's buttons ask a recording for.
enum RecordCommand: Sendable {
    /// Start a recording that waits for the rider.
    case start
    case pauseOrResume, lap, marker, finish
}
