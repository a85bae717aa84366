import Synchronization

/// What the keys and signals ask a recording for.
enum RecordCommand: Sendable {
    case pauseOrResume, lap, marker, finish
}

