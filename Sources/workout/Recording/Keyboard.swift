import Foundation

/// Reads single keys from a terminal in raw mode on a thread of its own.
final class Keyboard {
    private var saved = termios()
    private var isRaw = false

    init?(_ commands: RecordWakes) {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~(tcflag_t(ICANON) | tcflag_t(ECHO))
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        isRaw = true
        let thread = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                switch byte {
                case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: " "): commands.push(.pauseOrResume)
                case UInt8(ascii: "s"), UInt8(ascii: "S"): commands.push(.start)
                case UInt8(ascii: "l"), UInt8(ascii: "L"): commands.push(.lap)
                case UInt8(ascii: "m"), UInt8(ascii: "M"): commands.push(.marker)
                case UInt8(ascii: "q"), UInt8(ascii: "Q"): commands.push(.finish)
                default: break
                }
            }
        }
        thread.start()
    }

    /// Gives the terminal its settings back.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }
}
