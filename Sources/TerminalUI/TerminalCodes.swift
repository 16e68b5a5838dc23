/// The escape sequences the terminal programs write (ECMA-48 and the xterm private modes).
public enum TerminalCodes {
    /// Alternate screen on, cursor hidden, screen cleared.
    public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    /// Attributes reset, cursor shown, alternate screen off.
    public static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// ``leave`` as bytes, made before any signal can arrive.
    public static let leaveBytes = Array(leave.utf8)
    /// Cursor to the top left.
    public static let home = "\u{1B}[H"
    /// Clear to the end of the line.
    public static let clearLine = "\u{1B}[K"
    /// Clear to the end of the screen.
    public static let clearBelow = "\u{1B}[J"
    /// Attributes reset.
    public static let reset = "\u{1B}[0m"
    /// Bold (or bright) text.
    public static let bold = "\u{1B}[1m"
    /// Dim text.
    public static let dim = "\u{1B}[2m"
    /// Foreground and background swapped.
    public static let reverse = "\u{1B}[7m"
    /// Red text, in the terminal's own palette.
    public static let red = "\u{1B}[31m"
    /// Green text, in the terminal's own palette.
    public static let green = "\u{1B}[32m"
    /// Yellow text, in the terminal's own palette.
    public static let yellow = "\u{1B}[33m"

    /// 24-bit background colour.
    public static func background(_ r: Int, _ g: Int, _ b: Int) -> String {
        "\u{1B}[48;2;\(r);\(g);\(b)m"
    }

    /// 24-bit foreground colour.
    public static func foreground(_ r: Int, _ g: Int, _ b: Int) -> String {
        "\u{1B}[38;2;\(r);\(g);\(b)m"
    }

    /// One whole screen from its `lines`, top to bottom: each line is drawn from the left
    /// edge and its rest cleared, and what is below the last line is cleared, so the frame
    /// replaces the previous one in one write without clearing the screen first (no flicker).
    public static func frame(_ lines: [String]) -> String {
        home + lines.map { $0 + clearLine }.joined(separator: "\r\n") + clearBelow
    }
}
