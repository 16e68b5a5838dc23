/// The arrangement of the player's views.
public enum LayoutPreset: String, CaseIterable, Sendable {
    /// Controls only.
    case compact
    /// Controls, waveform and playlist.
    case standard
    /// A large waveform.
    case waveformFocused
}
