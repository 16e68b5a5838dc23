import Foundation

/// The size of a terminal in character cells.
public struct TerminalSize: Equatable, Sendable {
    /// Lines.
    public var rows: Int
    /// Columns.
    public var columns: Int

    /// A size of `rows` lines by `columns` columns.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// The size assumed when the terminal does not say: 24 by 80.
    public static let fallback = TerminalSize(rows: 24, columns: 80)

    /// The size of the terminal on standard output (`TIOCGWINSZ`), or ``fallback`` when it is
    /// not a terminal or reports 0 rows or columns.
    public static func current() -> TerminalSize {
        var size = winsize()
        // SAFETY: TIOCGWINSZ writes one `winsize`, a local passed by address for the call.
        guard unsafe ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return fallback }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }
}
