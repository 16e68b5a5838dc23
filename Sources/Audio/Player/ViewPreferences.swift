/// What the player shows.
public struct ViewPreferences: Equatable, Sendable {
    /// Whether the waveform is shown.
    public var isWaveformVisible: Bool
    /// Whether the playlist is shown.
    public var isPlaylistVisible: Bool
    /// The arrangement.
    public var layoutPreset: LayoutPreset

    /// Creates preferences; the defaults show everything in the standard layout.
    public init(isWaveformVisible: Bool = true, isPlaylistVisible: Bool = true, layoutPreset: LayoutPreset = .standard) {
        self.isWaveformVisible = isWaveformVisible
        self.isPlaylistVisible = isPlaylistVisible
        self.layoutPreset = layoutPreset
    }
}
