import TerminalUI

/// What a key asks the player to do.
enum PlayerAction: Equatable {
    /// Pause when playing, else play (resume, or start the current or first track).
    case togglePlayback
    /// The next track (after the last, the first).
    case next
    /// The previous track (on the first, back to its start).
    case previous
    /// Move by this many seconds in the current track.
    case seek(by: Double)
    /// Change the volume by this much (of 1).
    case changeVolume(by: Float)
    /// The next repeat mode.
    case cycleRepeat
    /// Sort by the next key.
    case cycleSort
    /// Remove the highlighted track from the playlist.
    case removeHighlighted
    /// Move the highlight by this many rows.
    case moveHighlight(by: Int)
    /// Move the highlight to the first or last row.
    case highlightEdge(last: Bool)
    /// Play the highlighted track from its start.
    case playHighlighted
    /// Stop the process for a while (Ctrl-Z), paused.
    case suspend
    /// Leave.
    case quit

    /// How far ←/→ seek.
    static let seekStep: Double = 5
    /// How much +/- change the volume.
    static let volumeStep: Float = 0.05
    /// How far Page Up and Page Down move the highlight.
    static let pageRows = 10

    /// The action of `key`, if it has one: space, n, p, ←/→, + (or =) and - (or _), r, s,
    /// d (or Delete, Backspace), ↑/↓ (or k/j), Page Up/Down, Home/End (or g/G), Enter, Ctrl-Z, q.
    init?(_ key: TerminalKey) {
        switch key {
        case .character(" "): self = .togglePlayback
        case .character("n"): self = .next
        case .character("p"): self = .previous
        case .left: self = .seek(by: -Self.seekStep)
        case .right: self = .seek(by: Self.seekStep)
        case .character("+"), .character("="): self = .changeVolume(by: Self.volumeStep)
        case .character("-"), .character("_"): self = .changeVolume(by: -Self.volumeStep)
        case .character("r"): self = .cycleRepeat
        case .character("s"): self = .cycleSort
        case .character("d"), .delete, .backspace: self = .removeHighlighted
        case .up, .character("k"): self = .moveHighlight(by: -1)
        case .down, .character("j"): self = .moveHighlight(by: 1)
        case .pageUp: self = .moveHighlight(by: -Self.pageRows)
        case .pageDown: self = .moveHighlight(by: Self.pageRows)
        case .home, .character("g"): self = .highlightEdge(last: false)
        case .end, .character("G"): self = .highlightEdge(last: true)
        case .enter: self = .playHighlighted
        case .suspend: self = .suspend
        case .character("q"): self = .quit
        default: return nil
        }
    }
}
