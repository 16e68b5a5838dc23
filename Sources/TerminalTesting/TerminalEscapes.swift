/// Escape sequences the terminal programs' tests expect, spelled out here rather than taken from
/// the programs, so that a change to what the programs write fails the tests.
public enum TerminalEscapes {
    /// What a program writes last when it leaves: attributes reset, cursor shown, alternate
    /// screen off.
    public static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// What a program writes when it enters full-screen mode: the alternate screen.
    public static let alternateScreen = "\u{1B}[?1049h"
}
