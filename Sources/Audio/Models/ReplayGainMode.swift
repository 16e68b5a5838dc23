/// Which of a file's ReplayGain values the player applies.
public enum ReplayGainMode: String, Sendable, Equatable, CaseIterable {
    /// The track's own gain and peak: every track at the same loudness (the default).
    case track
    /// The album's gain and peak: the album's tracks keep their loudness relative to each other.
    case album
    /// No gain from the file: every track at the level it was mastered at.
    case off
}
