import Testing
import TerminalUI

/// Key decoding: what the bytes of a terminal in raw mode mean.
struct TerminalKeyTests {
    /// The bytes of `text`.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func arrowsInBothModes() {
        #expect(TerminalKey.decode(Self.bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")) == [.up, .down, .right, .left])
        #expect(TerminalKey.decode(Self.bytes("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD")) == [.up, .down, .right, .left])
    }

    @Test func modifiedArrowsAreArrowsAndLeaveNoDebris() {
        // Ctrl-Right and Shift-Up carry parameters; none of their bytes may turn into characters.
        #expect(TerminalKey.decode(Self.bytes("\u{1B}[1;5C\u{1B}[1;2Aq")) == [.right, .up, .character("q")])
    }

    @Test func editingAndPagingKeys() {
        #expect(TerminalKey.decode(Self.bytes("\u{1B}[3~\u{1B}[5~\u{1B}[6~")) == [.delete, .pageUp, .pageDown])
        #expect(TerminalKey.decode(Self.bytes("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF")) == [.home, .end, .home, .end, .home, .end])
        #expect(TerminalKey.decode([0x7F, 0x08]) == [.backspace, .backspace])
        #expect(TerminalKey.decode([0x1A]) == [.suspend])
    }

    @Test func enterIsItsOwnKey() {
        #expect(TerminalKey.decode(Self.bytes("\r\n \u{1B}OM")) == [.enter, .enter, .character(" "), .enter])
    }

    @Test func unknownSequencesControlBytesAndNonASCIIAreSkipped() {
        // F5 (`ESC [ 1 5 ~`), a focus report (`ESC [ I`), Ctrl-A, a lone ESC before a letter
        // (Alt-x gives x), and the two bytes of "é".
        #expect(TerminalKey.decode(Self.bytes("\u{1B}[15~\u{1B}[I\u{01}\u{1B}x") + [0xC3, 0xA9] + Self.bytes("k")) == [.character("x"), .character("k")])
    }

    @Test func aSequenceCutOffAtTheEndIsDropped() {
        #expect(TerminalKey.decode(Self.bytes("j\u{1B}[1;")) == [.character("j")])
        #expect(TerminalKey.decode(Self.bytes("\u{1B}[")) == [])
        #expect(TerminalKey.decode(Self.bytes("\u{1B}")) == [])
    }
}
