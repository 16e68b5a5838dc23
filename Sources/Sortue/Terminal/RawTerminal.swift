import Foundation

/// The terminal in game mode: raw input (no echo, no line buffering, signals kept), the
/// alternate screen and a hidden cursor. ``restore()`` puts everything back; so do SIGINT and
/// SIGTERM, whose handler restores the saved settings and exits with 128 + the signal.
final class RawTerminal {
    /// Enters game mode on standard input and output.
    /// - Throws: ``SortueError`` when standard input is not a terminal.
    init() throws {
        guard tcgetattr(STDIN_FILENO, savedSettings) == 0 else {
            throw SortueError("cannot read the terminal settings: \(String(cString: strerror(errno)))")
        }
        var raw = savedSettings.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        // Globals start on first use; the handler must find the bytes ready.
        _ = TerminalCodes.leaveBytes.count
        signal(SIGINT, restoreAndExit)
        signal(SIGTERM, restoreAndExit)
        // A parent may have left them blocked; Ctrl-C must still restore the terminal.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        write(TerminalCodes.enter)
    }

    /// Leaves game mode: the saved settings, the main screen and the cursor come back.
    func restore() {
        write(TerminalCodes.leave)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, savedSettings)
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// Writes `text` to standard output at once.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// The bytes waiting on standard input, after waiting up to `milliseconds` for some.
    func read(waitingUpTo milliseconds: Int32) -> [UInt8] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress!, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }
}

/// The settings found at start, for the signal handler (which cannot capture context). Kept
/// in memory of its own that C writes through directly, rather than passed `inout` from a
/// Swift global.
nonisolated(unsafe) private let savedSettings: UnsafeMutablePointer<termios> = {
    let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    settings.initialize(to: termios())
    return settings
}()

/// The SIGINT and SIGTERM handler: only async-signal-safe calls (`write`, `tcsetattr`, `_exit`).
private func restoreAndExit(_ signal: Int32) {
    TerminalCodes.leaveBytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress!, $0.count) }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, savedSettings)
    _exit(128 + signal)
}
