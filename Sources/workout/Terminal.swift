import Foundation

/// A terminal used full screen: the alternate screen with the cursor hidden,
/// redrawn whole at its current size, and given back as it was.
final class TerminalScreen {
    private var size: (width: Int, height: Int)?
    private var active = false

    /// The terminal's size now (it changes when the window is resized).
    static func currentSize() -> (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Switches to the alternate screen and hides the cursor.
    func enter() {
        guard !active else { return }
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Whether the size changed since the last frame.
    var resized: Bool { size.map { $0 != Self.currentSize() } ?? true }

    /// Draws `render(width, height)` over the whole screen. After a resize the
    /// screen is cleared first, so nothing of the old layout stays.
    func draw(_ render: (Int, Int) -> [String]) {
        let now = Self.currentSize()
        var frame = ""
        if size.map({ $0 != now }) ?? true { frame += "\u{1B}[2J" }
        size = now
        frame += "\u{1B}[H" + render(now.width, now.height).joined(separator: "\r\n")
        write(frame)
    }

    /// Shows the cursor and gives the normal screen back.
    func leave() {
        guard active else { return }
        active = false
        write("\u{1B}[?25h\u{1B}[?1049l")
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Reads single keys from a terminal in raw mode on a thread of its own.
final class Keyboard {
    private var saved = termios()
    private var isRaw = false

    init?(_ commands: CommandQueue) {
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
