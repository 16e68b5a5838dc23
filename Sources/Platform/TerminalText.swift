/// Text from a file, a peer or the command line made safe to print on a terminal: its control
/// characters and bidirectional controls are escaped, so it cannot move the cursor, clear or
/// recolour the screen, set the window title, forge lines of a report or reorder what follows it.
public enum TerminalText {
    /// `text` with each control character (C0, DEL and C1: ESC, CR, LF, BEL, …) and each
    /// bidirectional control (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) written as
    /// `\u{1B}`; anything else unchanged.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is a control character or a bidirectional control.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
