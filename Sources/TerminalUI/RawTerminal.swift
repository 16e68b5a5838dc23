import Foundation

/// The terminal in full-screen mode: raw input (no echo, no line buffering, signals kept), the
/// alternate screen and a hidden cursor. ``restore()`` puts everything back.
///
/// With `suspendKey` Ctrl-Z reaches the program as ``TerminalKey/suspend`` instead of stopping
/// it on the spot with the terminal still raw; the program then calls ``stopProcess()``, which
/// gives the terminal back while the process is stopped and takes it again when the shell
/// continues it.
///
/// With ``Interrupts/restoreAndExit`` SIGINT and SIGTERM restore the saved settings from the
/// signal handler and end the process with 128 + the signal. With
/// ``Interrupts/handledByCaller`` they are left to the program (for example through
/// ``TerminalSignals``), which quits in its own way and calls ``restore()``; it can still
/// call ``restoreAndExit(status:)`` from any thread when it must leave at once.
///
/// Only one raw terminal exists at a time in a process: the saved settings are a process global
/// that the signal handler reads.
public final class RawTerminal {
    /// What SIGINT and SIGTERM do while the terminal is raw.
    public enum Interrupts: Sendable {
        /// Restore the terminal in the signal handler and exit with 128 + the signal.
        case restoreAndExit
        /// Leave the signals' handling to the program.
        case handledByCaller
    }

    /// What SIGINT and SIGTERM do.
    public let interrupts: Interrupts
    /// Whether Ctrl-Z is read as a key rather than stopping the process.
    public let suspendKey: Bool
    /// Whether ``restore()`` has run.
    private var restored = false

    /// Enters full-screen mode on standard input and output.
    ///
    /// - Throws: ``TerminalError`` when standard input is not a terminal.
    public init(interrupts: Interrupts = .restoreAndExit, suspendKey: Bool = false) throws(TerminalError) {
        self.interrupts = interrupts
        self.suspendKey = suspendKey
        try enterRawMode()
        // Globals start on first use; the handler must find the bytes ready.
        _ = TerminalCodes.leaveBytes.count
        if interrupts == .restoreAndExit {
            // The handler calls only async-signal-safe functions (`restoreAndExit(status:)`).
            signal(SIGINT, restoreInHandler)
            signal(SIGTERM, restoreInHandler)
            // A parent may have left them blocked; Ctrl-C must still restore the terminal.
            var signals = sigset_t()
            // SAFETY: `signals` is a local passed by address for each call.
            unsafe sigemptyset(&signals)
            unsafe sigaddset(&signals, SIGINT)
            unsafe sigaddset(&signals, SIGTERM)
            unsafe sigprocmask(SIG_UNBLOCK, &signals, nil)
        }
    }

    /// Leaves full-screen mode: the saved settings, the main screen and the cursor come back.
    /// Later calls do nothing.
    public func restore() {
        guard !restored else { return }
        restored = true
        Self.leaveRawMode()
        if interrupts == .restoreAndExit {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
    }

    /// Stops the process for job control, as Ctrl-Z does: leaves full-screen mode, stops
    /// (SIGSTOP) until the shell continues it (`fg`), and enters full-screen mode again over the
    /// settings the terminal has then. The screen is blank until the next draw.
    ///
    /// - Throws: ``TerminalError`` when standard input is no longer a terminal afterwards.
    public func stopProcess() throws(TerminalError) {
        Self.leaveRawMode()
        // SIGSTOP cannot be caught, and stops the process even where the shell's SIGTSTP would
        // not. Sent to this thread (`raise`, not `kill`), it takes effect before the next line: a
        // signal to the process may be taken by another thread, and this one would re-enter raw
        // mode before the stop.
        raise(SIGSTOP)
        try enterRawMode()
    }

    /// Saves the settings of standard input, makes it raw (no echo, line buffering, flow control
    /// or CR translation, reads that return at once, and no suspend character with
    /// ``suspendKey``) and enters the alternate screen with the cursor hidden.
    private func enterRawMode() throws(TerminalError) {
        // SAFETY: `savedSettings` points to one initialised `termios` that lives for the process.
        guard unsafe tcgetattr(STDIN_FILENO, savedSettings) == 0 else {
            throw TerminalError("cannot read the terminal settings: \(unsafe String(cString: strerror(errno)))")
        }
        var raw = unsafe savedSettings.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        // SAFETY: VMIN, VTIME and VSUSP are indices inside `c_cc`, which is borrowed for the closure.
        unsafe withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            unsafe cc[Int(VMIN)] = 0
            unsafe cc[Int(VTIME)] = 0
            // 0 is `_POSIX_VDISABLE` on Linux: no character suspends.
            if suspendKey { unsafe cc[Int(VSUSP)] = 0 }
        }
        // SAFETY: `raw` is a local passed by address for the call.
        unsafe tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        TerminalIO.write(TerminalCodes.enter)
    }

    /// Leaves the alternate screen, shows the cursor and puts the saved settings back.
    private static func leaveRawMode() {
        TerminalIO.write(TerminalCodes.leave)
        // SAFETY: `savedSettings` points to the settings read by `enterRawMode()`.
        unsafe tcsetattr(STDIN_FILENO, TCSAFLUSH, savedSettings)
    }

    /// Writes `text` to standard output at once.
    public func write(_ text: String) {
        TerminalIO.write(text)
    }

    /// The bytes waiting on standard input, after waiting up to `milliseconds` for some.
    public func read(waitingUpTo milliseconds: Int32) -> [UInt8] {
        TerminalIO.read(waitingUpTo: milliseconds)
    }

    /// Puts back the settings saved by the raw terminal, the main screen and the cursor, and
    /// ends the process with `status` at once, without running anything else. Only
    /// async-signal-safe calls, so it may run on any thread, in a signal handler too.
    public static func restoreAndExit(status: Int32) -> Never {
        // SAFETY: the bytes were made before the terminal went raw and are never mutated;
        // `savedSettings` points to the settings read when it did.
        unsafe TerminalCodes.leaveBytes.withUnsafeBytes { _ = unsafe Foundation.write(STDOUT_FILENO, $0.baseAddress!, $0.count) }
        unsafe tcsetattr(STDIN_FILENO, TCSAFLUSH, savedSettings)
        _exit(status)
    }
}

/// The settings found at start, for the signal handler (which cannot capture context). Kept
/// in memory of its own that C writes through directly, rather than passed `inout` from a
/// Swift global.
nonisolated(unsafe) private let savedSettings: UnsafeMutablePointer<termios> = {
    let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    unsafe settings.initialize(to: termios())
    return unsafe settings
}()

/// The SIGINT and SIGTERM handler of ``RawTerminal/Interrupts/restoreAndExit``.
private func restoreInHandler(_ signal: Int32) {
    RawTerminal.restoreAndExit(status: 128 + signal)
}
