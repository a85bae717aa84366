#if Web
import Foundation

/// Reads a password: from the terminal with echo off, or from standard input's first line.
enum PasswordPrompt {
    static func read(_ prompt: String, fromStandardInput: Bool) throws -> String {
        let terminal = !fromStandardInput && isatty(STDIN_FILENO) == 1
        var saved = termios()
        if terminal {
            FileHandle.standardError.write(Data(prompt.utf8))
            tcgetattr(STDIN_FILENO, &saved)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        let line = readLine(strippingNewline: true)
        if terminal {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line, !line.isEmpty else { throw RecordingsError("No password was given; type one, or pipe it with --password-stdin.") }
        return line
    }
}
#endif
