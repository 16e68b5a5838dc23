import Foundation
import Audio
import TerminalUI
import Testing

@testable import Harmonia

/// The screen layout, a pure function of the state and the terminal size.
struct PlayerScreenTests {
    /// A state with `count` tracks, the third current and the first highlighted, 30 s into a 3 min track.
    static func state(count: Int = 4, unplayable: [UnplayableFile] = []) -> PlayerScreenState {
        let rows = (0..<count).map { index in
            PlayerScreenState.Row(title: "Song \(index + 1)", artist: "Artist \(index + 1)", album: "Album \(index + 1)", duration: 180)
        }
        return PlayerScreenState(
            rows: rows, current: count > 0 ? min(2, count - 1) : nil, highlight: count > 0 ? 0 : nil, state: .playing, position: 30, duration: 180,
            volume: 0.8, repeatMode: .all, sortKey: .insertionOrder, output: "default output", message: nil,
            unplayable: unplayable)
    }

    /// The lines for `state` on a terminal of `rows` by `columns`.
    static func lines(_ state: PlayerScreenState, rows: Int = 24, columns: Int = 80) -> [ScreenLine] {
        PlayerScreen(state: state, size: TerminalSize(rows: rows, columns: columns)).lines
    }

    @Test(arguments: [(1, 1), (2, 10), (5, 20), (8, 40), (24, 80), (40, 100), (60, 200)])
    func everyLineFitsTheTerminal(rows: Int, columns: Int) {
        for state in [Self.state(), Self.state(count: 0), Self.state(count: 300, unplayable: Self.unplayable(9))] {
            let lines = Self.lines(state, rows: rows, columns: columns)
            #expect(lines.count == rows, "the frame covers the whole screen")
            #expect(lines.allSatisfy { TerminalText.width($0.text) <= columns }, "\(lines.map(\.text))")
            #expect(lines.first?.text.hasPrefix(" PLAYING") == true || columns < 9, "the state comes first: \(lines.first?.text ?? "")")
            #expect(lines.last?.text.hasSuffix("q quit") == true || rows < 7 || columns < 7, "the keys end the screen: \(lines.map(\.text))")
        }
    }

    @Test func theHeaderShowsStateTrackPositionAndSettings() {
        let lines = Self.lines(Self.state())
        #expect(lines[0] == ScreenLine(text: " PLAYING  Song 3 — Artist 3", style: .heading))
        let progress = lines[1].text
        #expect(progress.hasPrefix(" 0:30 ") && progress.hasSuffix(" 3:00"))
        #expect(TerminalText.width(progress) == 80, "the bar fills the width")
        let filled = progress.filter { $0 == "━" }.count, bar = filled + progress.filter { $0 == "─" }.count
        #expect(filled == bar / 6, "30 s of 180 s is a sixth of the bar")
        #expect(lines[2].text == " volume 80%  ·  repeat all  ·  sort as added  ·  default output")
    }

    @Test func theCurrentAndHighlightedRowsStandOut() {
        let lines = Self.lines(Self.state())
        let rows = lines.filter { $0.text.contains("Song ") && !$0.text.contains("PLAYING") }
        #expect(rows.count == 4)
        #expect(rows[0].style == .highlighted && rows[0].text.hasPrefix("  1  Song 1"))
        #expect(TerminalText.width(rows[0].text) == 80, "the highlight spans the width")
        #expect(rows[2].style == .current && rows[2].text.hasPrefix("▶ 3  Song 3"))
        #expect(rows[1].style == .plain && rows[3].style == .plain)
        #expect(rows.allSatisfy { $0.text.contains("Artist") && $0.text.contains("Album") && $0.text.hasSuffix("3:00") })
        var both = Self.state()
        both.highlight = 2
        #expect(Self.lines(both).contains { $0.style == .currentHighlighted && $0.text.hasPrefix("▶ 3") })
    }

    @Test func narrowTerminalsDropTheAlbumThenTheArtistThenTheTime() {
        let row = { (columns: Int) in Self.lines(Self.state(), columns: columns).first { $0.text.contains("Song 2") }!.text }
        #expect(row(80).contains("Album 2") && row(80).contains("Artist 2"))
        #expect(!row(50).contains("Album") && row(50).contains("Artist 2") && row(50).hasSuffix("3:00"))
        #expect(!row(30).contains("Artist") && row(30).hasSuffix("3:00"))
        #expect(!row(14).contains("3:00") && row(14).contains("So"))
    }

    @Test func theTimeColumnFitsTheLongestTrack() {
        var state = Self.state()
        state.rows[1].duration = 754
        state.rows[3].duration = nil
        let rows = Self.lines(state).filter { $0.text.contains("Song ") && !$0.text.hasPrefix(" PLAYING") }.map(\.text)
        #expect(rows[1].hasSuffix("12:34") && rows[0].hasSuffix(" 3:00") && rows[3].hasSuffix(" -:--"))
        state.rows[2].duration = 3 * 3600 + 5
        #expect(Self.lines(state).contains { $0.text.hasSuffix("3:00:05") })
    }

    @Test func aLongPlaylistScrollsToTheHighlight() {
        var state = Self.state(count: 100)
        state.highlight = 56
        let rows = Self.lines(state).filter { $0.text.contains("Song ") && !$0.text.hasPrefix(" PLAYING") }
        #expect(rows.contains { $0.style == .highlighted && $0.text.contains("Song 57 ") })
        #expect(!rows.contains { $0.text.contains("Song 1 ") })
        state.highlight = 99
        let end = Self.lines(state).filter { $0.text.contains("Song ") && !$0.text.hasPrefix(" PLAYING") }
        #expect(end.last?.text.contains("Song 100 ") == true && end.last?.style == .highlighted, "the last row sits at the bottom")
        #expect(end.count > 10, "the window stays full at the end")
    }

    @Test func aShortTerminalKeepsStatePositionAndThreeRows() {
        let lines = Self.lines(Self.state(count: 10), rows: 6, columns: 80)
        #expect(lines.map(\.text).prefix(2).first == " PLAYING  Song 3 — Artist 3")
        #expect(lines.filter { $0.text.contains("Song ") }.count == 4, "the state line and three rows")
        #expect(lines.contains { $0.text.contains("0:30") })
    }

    @Test func unplayableFilesAreNamedWithTheirReason() {
        let lines = Self.lines(Self.state(unplayable: Self.unplayable(2)))
        #expect(lines.contains(ScreenLine(text: " 2 files cannot be played:", style: .error)))
        #expect(lines.contains { $0.text == "   bad0.wav is empty" && $0.style == .dim }, "the path becomes the file name")
        let many = Self.lines(Self.state(unplayable: Self.unplayable(9)), rows: 40)
        #expect(many.filter { $0.text.hasPrefix("   bad") }.count == 4)
        #expect(many.contains { $0.text == "   … and 5 more" })
        let reason = PlayerScreen.reason(UnplayableFile(url: URL(fileURLWithPath: "/m/x.ogg"), error: .notFound("gone")))
        #expect(reason == "x.ogg: gone", "a reason that does not name the file gets its name")
    }

    @Test func stateWordsAndErrors() {
        var state = Self.state()
        for (playback, word) in [(PlaybackState.paused, " PAUSED  "), (.stopped, " STOPPED  "), (.idle, " STOPPED  "), (.loading, " LOADING  ")] {
            state.state = playback
            #expect(Self.lines(state)[0].text.hasPrefix(word))
        }
        state.state = .error(.failedToDecode)
        #expect(Self.lines(state)[0] == ScreenLine(text: " ERROR  the file could not be decoded — Song 3 — Artist 3", style: .error))
        state.current = nil
        state.state = .stopped
        #expect(Self.lines(state)[0].text == " STOPPED  no track")
    }

    @Test func messagesAndTheKeysSitAtTheBottom() {
        var state = Self.state()
        state.message = .init(text: "not possible now: seek is not allowed while stopped", isError: true)
        let lines = Self.lines(state)
        #expect(lines[21] == ScreenLine(text: " not possible now: seek is not allowed while stopped", style: .error))
        let help = lines[22...].map(\.text).joined(separator: " ")
        for key in PlayerScreen.keys { #expect(help.contains(key), "\(key) is listed") }
        #expect(lines[22...].allSatisfy { $0.style == .dim })
    }

    @Test func anEmptyPlaylistSaysSo() {
        #expect(Self.lines(Self.state(count: 0)).contains { $0.text.hasPrefix("   The playlist is empty") })
    }

    @Test func tagsCannotDrawOnTheTerminal() {
        var state = Self.state()
        state.rows[0].title = "Evil\u{1B}[2J\u{07}\r\nsong"
        let frame = PlayerScreen(state: state, size: TerminalSize(rows: 24, columns: 80)).frame
        let row = Self.lines(state).first { $0.text.contains("Evil") }!.text
        #expect(row.hasPrefix("  1  Evil [2J   song"))
        #expect(!frame.contains("\u{1B}[2J") && !frame.contains("\u{07}"))
    }

    @Test func wideCharactersAreCutByColumns() {
        var state = Self.state()
        state.rows[0].title = String(repeating: "音楽", count: 30)
        let row = Self.lines(state).first { $0.text.contains("音") }!.text
        #expect(TerminalText.width(row) == 80)
        #expect(row.contains("…"))
    }

    @Test func theFrameIsOneWriteThatCoversTheScreen() {
        let frame = PlayerScreen(state: Self.state(), size: TerminalSize(rows: 24, columns: 80)).frame
        #expect(frame.hasPrefix(TerminalCodes.home) && frame.hasSuffix(TerminalCodes.clearBelow))
        #expect(frame.components(separatedBy: "\r\n").count == 24)
        #expect(!frame.contains("\u{1B}[2J"), "no clear: nothing flickers")
    }

    /// `count` files that failed to read.
    static func unplayable(_ count: Int) -> [UnplayableFile] {
        (0..<count).map { UnplayableFile(url: URL(fileURLWithPath: "/music/bad\($0).wav"), error: .decodeError("/music/bad\($0).wav is empty")) }
    }
}
