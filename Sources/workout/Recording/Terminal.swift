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

