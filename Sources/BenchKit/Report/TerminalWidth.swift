#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The width of the terminal standard output goes to.
enum TerminalWidth {
    /// The terminal's columns when standard output is a terminal wider than
    /// `RunReport.narrowWidth`, else `RunReport.narrowWidth` (a pipe or a log file keeps the
    /// fixed width, so CI logs do not depend on who ran them).
    static var forStandardOutput: Int {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, unsafe ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else {
            return RunReport.narrowWidth
        }
        return max(RunReport.narrowWidth, Int(size.ws_col))
    }
}
