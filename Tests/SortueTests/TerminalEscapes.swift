/// The sequence `sortue` ends with.
enum TerminalEscapes {
    /// Attributes reset, cursor shown, alternate screen off.
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
}
