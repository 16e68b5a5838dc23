import Foundation

/// Plays one track at a time through a decoder and an audio output, with an async API.
///
/// Transitions follow the table of ``DefaultPlaybackService``.
public protocol PlaybackService: Sendable {
    /// The current state.
    var state: CorePlaybackState { get async }
    /// Loads and prepares the track at `url`; from every state the service ends up paused at 0.
    func load(url: URL) async throws(AudioError)
    /// Starts playback from paused; a no-op when already playing.
    func play() async throws(AudioError)
    /// Pauses playback and keeps the position; a no-op when not playing.
    func pause() async
    /// Stops playback and rewinds to 0.
    func stop() async
    /// Moves to `seconds` within the loaded track.
    func seek(to seconds: Double) async throws(AudioError)
    /// The playback position in seconds.
    func currentTime() async -> Double
    /// The loaded track's length in seconds; 0 with no track.
    func duration() async -> Double
    /// Sets the output gain, clamped to [0, 1] (NaN counts as 0); kept across loads.
    func setVolume(_ volume: Float) async
    /// Plays only `start…end`: on reaching `end` the service pauses and jumps back to `start`.
    func setPlaybackRange(start: Double, end: Double?) async throws(AudioError)
}
