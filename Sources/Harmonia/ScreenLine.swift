import TerminalUI

/// One line of the player's screen: its text, already cut to the screen's width, and its look.
struct ScreenLine: Equatable {
    /// How a line looks.
    enum Style: Equatable {
        /// Plain text.
        case plain
        /// Bold: the state line and the column headings.
        case heading
        /// Dim: help, empty columns, notes.
        case dim
        /// The current track: bold.
        case current
        /// The highlighted track: reversed, across the whole width.
        case highlighted
        /// The current track under the highlight: bold and reversed.
        case currentHighlighted
        /// A failure: red.
        case error
    }

    /// The text, at most as wide as the screen.
    var text: String
    /// The look.
    var style: Style = .plain

    /// The line with its escape codes, attributes reset at its end.
    var rendered: String {
        let codes = switch style {
        case .plain: ""
        case .heading, .current: TerminalCodes.bold
        case .dim: TerminalCodes.dim
        case .highlighted: TerminalCodes.reverse
        case .currentHighlighted: TerminalCodes.bold + TerminalCodes.reverse
        case .error: TerminalCodes.red
        }
        return codes.isEmpty ? text : codes + text + TerminalCodes.reset
    }
}
