/// The state of a ``PlaybackService`` (the player has its own ``PlaybackState``).
public enum CorePlaybackState: Sendable, Equatable {
    /// Nothing plays; the position reads 0.
    case stopped
    /// Audio is being rendered.
    case playing
    /// A track is loaded and held at ``PlaybackService/currentTime()``.
    case paused
    /// Only while draining the output after the end of a track, then ``stopped``.
    case buffering
    /// Rendering failed; ``PlaybackService/load(url:)`` or ``PlaybackService/stop()`` recovers.
    case error(AudioError)
}
