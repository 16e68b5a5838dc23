import TerminalUI
import Testing

/// Text measured and cut in terminal columns.
struct TerminalTextTests {
    @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("音楽") == 4)
        #expect(TerminalText.width("e\u{301}") == 1, "e with a combining acute accent")
        #expect(TerminalText.width("🎵") == 2)
        #expect(TerminalText.width("━─▶…") == 4)
        #expect(TerminalText.width("") == 0)
    }

    @Test func clipEndsALongerTextWithAnEllipsis() {
        #expect(TerminalText.clip("abcdef", to: 6) == "abcdef")
        #expect(TerminalText.clip("abcdefg", to: 6) == "abcde…")
        #expect(TerminalText.clip("abc", to: 1) == "…")
        #expect(TerminalText.clip("abc", to: 0) == "")
        #expect(TerminalText.clip("abc", to: -3) == "")
        // A wide character that would straddle the edge is left out.
        #expect(TerminalText.clip("a音楽", to: 4) == "a音…")
        #expect(TerminalText.clip("音楽音", to: 4) == "音…")
    }

    @Test func fitPadsToTheExactWidth() {
        #expect(TerminalText.fit("ab", to: 5) == "ab   ")
        #expect(TerminalText.fit("音", to: 3) == "音 ")
        #expect(TerminalText.fitRight("7", to: 3) == "  7")
        #expect(TerminalText.fit("abcdef", to: 4) == "abc…")
        for text in ["", "a", "音楽音楽", "abc\u{1B}[2Jdef"] {
            for columns in 0...8 { #expect(TerminalText.width(TerminalText.fit(text, to: columns)) == columns) }
        }
    }

    @Test func controlCharactersBecomeSpaces() {
        #expect(TerminalText.clip("a\u{1B}[2J\u{07}\u{9B}b\tc", to: 20) == "a [2J  b c")
        #expect(TerminalText.width("\u{1B}") == 1)
    }

    @Test func framesReplaceTheScreenInOneWrite() {
        let frame = TerminalCodes.frame(["one", "two"])
        #expect(frame == "\u{1B}[H" + "one\u{1B}[K\r\ntwo\u{1B}[K" + "\u{1B}[J")
    }
}
