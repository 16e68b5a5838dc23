import Platform
import Testing

/// Text made safe to print: control characters and bidirectional controls escaped, everything
/// else kept.
struct TerminalTextTests {
    @Test func controlsAndBidiControlsAreEscapedAndTheRestIsKept() {
        #expect(TerminalText.escaped("plain café ✓") == "plain café ✓")
        #expect(TerminalText.escaped("a\u{1B}]0;title\u{07}b") == #"a\u{1B}]0;title\u{7}b"#)
        #expect(TerminalText.escaped("line\nforged\r") == #"line\u{A}forged\u{D}"#)
        #expect(TerminalText.escaped("\u{7F}\u{85}\u{9F}") == #"\u{7F}\u{85}\u{9F}"#)
        #expect(TerminalText.escaped("abc\u{202E}fed\u{2066}\u{200F}") == #"abc\u{202E}fed\u{2066}\u{200F}"#)
        #expect(TerminalText.escaped("") == "")
    }
}
