import Foundation
import Synchronization

/// A one-line progress bar on standard error, drawn only on a terminal.
final class ProgressBar: Sendable {
    private let label: String
    /// The percentage drawn last.
    private let last = Mutex(-1)

    /// A bar, or `nil` when standard error is not a terminal.
    init?(label: String) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.label = label
    }

    func update(_ fraction: Double) {
        let percent = Int((fraction * 100).rounded(.down))
        last.withLock { last in
            guard percent != last else { return }
            last = percent
            let width = 30
            let filled = width * percent / 100
            let line = "\r\(label) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(percent)%"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
