/// The escape sequences `sortue` writes.
enum TerminalCodes {
    /// Alternate screen on, cursor hidden, screen cleared.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    /// Attributes reset, cursor shown, alternate screen off.
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// ``leave`` as bytes, made before any signal can arrive.
    static let leaveBytes = Array(leave.utf8)
    /// Cursor to the top left.
    static let home = "\u{1B}[H"
    /// Clear to the end of the line.
    static let clearLine = "\u{1B}[K"
    /// Clear to the end of the screen.
    static let clearBelow = "\u{1B}[J"
    /// Attributes reset.
    static let reset = "\u{1B}[0m"

    /// 24-bit background colour.
    static func background(_ r: Int, _ g: Int, _ b: Int) -> String {
        "\u{1B}[48;2;\(r);\(g);\(b)m"
    }

    /// 24-bit foreground colour.
    static func foreground(_ r: Int, _ g: Int, _ b: Int) -> String {
        "\u{1B}[38;2;\(r);\(g);\(b)m"
    }
}
