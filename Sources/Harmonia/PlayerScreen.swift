import Audio
import TerminalUI

/// The player's screen as lines for a terminal of a given size: the state and current track,
/// the position, the settings, the playlist around the highlight, the files that cannot be
/// played, a message and the keys. A pure function of ``PlayerScreenState`` and the size.
struct PlayerScreen {
    /// What is shown.
    let state: PlayerScreenState
    /// The terminal's size; every line fits its width, and there are at most its rows.
    let size: TerminalSize
    /// The columns of the widest track number.
    private let numberWidth: Int
    /// The columns of the longest time, at least 4 (`0:00`).
    private let timeWidth: Int

    /// The screen of `state` on a terminal of `size`.
    init(state: PlayerScreenState, size: TerminalSize) {
        self.state = state
        self.size = size
        numberWidth = String(state.rows.count).count
        timeWidth = max(4, ClockText.format(state.rows.compactMap(\.duration).max() ?? 0).count)
    }

    /// The keys, in the order the help line lists them.
    static let keys = [
        "space play/pause", "n/p next/previous", "←/→ seek 5 s", "+/- volume", "r repeat", "s sort",
        "d remove", "↑/↓ j/k select", "enter play", "q quit",
    ]

    /// At most this many files that cannot be played are listed; the rest are counted.
    static let maximumUnplayableLines = 5

    /// The whole frame, ready for one write.
    var frame: String {
        TerminalCodes.frame(lines.map(\.rendered))
    }

    /// The lines, top to bottom. When the terminal is short the blank line, the extra help
    /// lines (the one left then ends with `q quit`), the settings, the column headings, the
    /// help, the message and the position go, in that order, before the playlist shrinks below
    /// three rows; the files that cannot be played get what the playlist leaves beyond three
    /// rows. The message and the keys stay at the bottom edge.
    var lines: [ScreenLine] {
        let width = max(1, size.columns), height = max(1, size.rows)
        let help = helpLines(width: width)
        var sections: [Section: [ScreenLine]] = [
            .status: [statusLine(width: width)], .progress: [progressLine(width: width)],
            .settings: [settingsLine(width: width)], .gap: [ScreenLine(text: "")],
            .headings: [headingLine(width: width)], .message: [messageLine(width: width)],
            .help: Array(help.prefix(1)), .moreHelp: Array(help.dropFirst()),
        ]
        let rows = max(1, state.rows.count)
        let wanted = min(rows, 3)
        for section in Section.dropOrder where sections.values.reduce(0, { $0 + $1.count }) + wanted > height {
            sections[section] = []
        }
        if sections[.moreHelp]?.isEmpty == true, help.count > 1, sections[.help]?.isEmpty == false {
            sections[.help] = [compactHelpLine(width: width)]
        }
        let fixed = sections.values.reduce(0) { $0 + $1.count }
        let room = max(0, height - fixed)
        let unplayableWanted = state.unplayable.isEmpty ? 0 : 2 + min(state.unplayable.count, Self.maximumUnplayableLines)
        let unplayable = unplayableLines(width: width, room: min(unplayableWanted, room - wanted))
        let playlist = playlistLines(width: width, count: min(room - unplayable.count, rows))
        let top: [Section] = [.status, .progress, .settings, .gap, .headings]
        let bottom: [Section] = [.message, .help, .moreHelp]
        let middle = top.flatMap { sections[$0] ?? [] } + playlist + unplayable
        let footer = bottom.flatMap { sections[$0] ?? [] }
        // The message and the keys stay at the bottom edge.
        let filler = Array(repeating: ScreenLine(text: ""), count: max(0, height - middle.count - footer.count))
        let lines = middle + filler + footer
        return Array(lines.prefix(height))
    }

    /// The parts of the screen besides the playlist and the unplayable files.
    private enum Section: CaseIterable {
        case status, progress, settings, gap, headings, message, help, moreHelp

        /// What goes first when the terminal is short.
        static let dropOrder: [Section] = [.gap, .moreHelp, .settings, .headings, .help, .message, .progress]
    }

    // MARK: Lines

    /// The state and the current track: `PLAYING  Title — Artist`.
    private func statusLine(width: Int) -> ScreenLine {
        let track = state.current.map { state.rows[$0] }
        let name = track.map { $0.artist.isEmpty ? $0.title : "\($0.title) — \($0.artist)" } ?? "no track"
        switch state.state {
        case .error(let error):
            return ScreenLine(text: TerminalText.clip(" ERROR  \(error) — \(name)", to: width), style: .error)
        case .playing: return ScreenLine(text: TerminalText.clip(" PLAYING  \(name)", to: width), style: .heading)
        case .paused: return ScreenLine(text: TerminalText.clip(" PAUSED  \(name)", to: width), style: .heading)
        case .loading: return ScreenLine(text: TerminalText.clip(" LOADING  \(name)", to: width), style: .heading)
        case .stopped, .idle: return ScreenLine(text: TerminalText.clip(" STOPPED  \(name)", to: width), style: .heading)
        }
    }

    /// The position, a bar and the duration: `1:23 ━━━━──── 3:45`.
    private func progressLine(width: Int) -> ScreenLine {
        let position = ClockText.format(state.position), duration = ClockText.format(state.duration)
        let bar = width - 3 - TerminalText.width(position) - TerminalText.width(duration)
        guard bar >= 5 else { return ScreenLine(text: TerminalText.clip(" \(position) / \(duration)", to: width)) }
        let fraction = state.duration > 0 ? min(max(state.position / state.duration, 0), 1) : 0
        let filled = Int((fraction * Double(bar)).rounded(.down))
        let line = " \(position) " + String(repeating: "━", count: filled) + String(repeating: "─", count: bar - filled) + " \(duration)"
        return ScreenLine(text: line)
    }

    /// Volume, repeat mode, sort key and output.
    private func settingsLine(width: Int) -> ScreenLine {
        let volume = Int((Double(state.volume) * 100).rounded())
        let sort = state.sortKey == .insertionOrder ? "as added" : state.sortKey.rawValue
        let text = " volume \(volume)%  ·  repeat \(state.repeatMode.rawValue)  ·  sort \(sort)  ·  \(state.output)"
        return ScreenLine(text: TerminalText.clip(text, to: width))
    }

    /// The column headings of the playlist.
    private func headingLine(width: Int) -> ScreenLine {
        ScreenLine(text: row(marker: " ", number: "#", title: "Title", artist: "Artist", album: "Album", time: "Time", width: width), style: .dim)
    }

    /// `count` rows of the playlist around the highlight (or the current track), or a note when
    /// it is empty.
    private func playlistLines(width: Int, count: Int) -> [ScreenLine] {
        guard count > 0 else { return [] }
        guard !state.rows.isEmpty else {
            return [ScreenLine(text: TerminalText.clip("   The playlist is empty; q quits.", to: width), style: .dim)]
        }
        let anchor = state.highlight ?? state.current ?? 0
        let first = max(0, min(anchor - count / 2, state.rows.count - count))
        return (first..<min(first + count, state.rows.count)).map { index in
            let track = state.rows[index]
            let isCurrent = index == state.current, isHighlighted = index == state.highlight
            let text = row(
                marker: isCurrent ? "▶" : " ", number: "\(index + 1)", title: track.title, artist: track.artist,
                album: track.album, time: track.duration.map(ClockText.format) ?? "-:--", width: width)
            let style: ScreenLine.Style = switch (isCurrent, isHighlighted) {
            case (true, true): .currentHighlighted
            case (false, true): .highlighted
            case (true, false): .current
            case (false, false): .plain
            }
            return ScreenLine(text: text, style: style)
        }
    }

    /// The files that cannot be played, in at most `room` lines (none below three).
    private func unplayableLines(width: Int, room: Int) -> [ScreenLine] {
        let files = state.unplayable
        guard !files.isEmpty, room >= 3 else { return [] }
        let heading = files.count == 1 ? " 1 file cannot be played:" : " \(files.count) files cannot be played:"
        let listed = min(files.count, Self.maximumUnplayableLines, room - 2)
        let more = files.count - listed
        var lines = [ScreenLine(text: ""), ScreenLine(text: TerminalText.clip(heading, to: width), style: .error)]
        let entries = files.prefix(more > 0 ? listed - 1 : listed)
        lines += entries.map { ScreenLine(text: TerminalText.clip("   " + Self.reason($0), to: width), style: .dim) }
        if more > 0 { lines.append(ScreenLine(text: TerminalText.clip("   … and \(more + 1) more", to: width), style: .dim)) }
        return lines
    }

    /// The message, or an empty line.
    private func messageLine(width: Int) -> ScreenLine {
        guard let message = state.message else { return ScreenLine(text: "") }
        return ScreenLine(text: TerminalText.clip(" " + message.text, to: width), style: message.isError ? .error : .plain)
    }

    /// The keys, wrapped to the width.
    private func helpLines(width: Int) -> [ScreenLine] {
        var lines: [String] = []
        var line = ""
        for key in Self.keys {
            let candidate = line.isEmpty ? " " + key : line + "   " + key
            if TerminalText.width(candidate) > width, !line.isEmpty {
                lines.append(line)
                line = " " + key
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines.map { ScreenLine(text: TerminalText.clip($0, to: width), style: .dim) }
    }

    /// The keys that fit one line, ending with how to quit.
    private func compactHelpLine(width: Int) -> ScreenLine {
        let quit = Self.keys.last!
        var line = ""
        for key in Self.keys.dropLast() {
            let candidate = line + " " + key + "  "
            guard TerminalText.width(candidate + " " + quit) <= width else { break }
            line = candidate
        }
        return ScreenLine(text: TerminalText.clip(line + " " + quit, to: width), style: .dim)
    }

    // MARK: Parts

    /// Why a file cannot be played, naming it by its file name rather than its whole path.
    static func reason(_ file: UnplayableFile) -> String {
        let text = file.error.message.replacingOccurrences(of: file.url.path, with: file.name)
        return text.contains(file.name) ? text : "\(file.name): \(text)"
    }

    /// One playlist row in columns: a marker, the number, title, artist and album as the width
    /// allows, and the time at the right edge.
    private func row(marker: String, number: String, title: String, artist: String, album: String, time: String, width: Int) -> String {
        let lead = marker + " " + TerminalText.fitRight(number, to: numberWidth) + "  "
        var room = width - TerminalText.width(lead) - 2 - timeWidth
        var tail = "  " + TerminalText.fitRight(time, to: timeWidth)
        if room < 8 {
            room += 2 + timeWidth
            tail = ""
        }
        let columns: String
        if room >= 50 {
            let titleWidth = (room - 4) * 4 / 10, artistWidth = (room - 4) * 3 / 10
            let albumWidth = room - 4 - titleWidth - artistWidth
            columns = TerminalText.fit(title, to: titleWidth) + "  " + TerminalText.fit(artist, to: artistWidth) + "  " + TerminalText.fit(album, to: albumWidth)
        } else if room >= 24 {
            let titleWidth = (room - 2) * 6 / 10
            columns = TerminalText.fit(title, to: titleWidth) + "  " + TerminalText.fit(artist, to: room - 2 - titleWidth)
        } else {
            columns = TerminalText.fit(title, to: max(0, room))
        }
        return TerminalText.fit(lead + columns + tail, to: width)
    }
}
