/// The player's state (the playback service has its own ``CorePlaybackState``).
public enum PlaybackState: Equatable, Sendable {
    /// Nothing has been played yet, or the playlist was cleared.
    case idle
    /// A track is being opened.
    case loading
    /// A track is playing.
    case playing
    /// A track is paused.
    case paused
    /// Playback stopped.
    case stopped
    /// The last operation failed.
    case error(PlaybackError)
}
