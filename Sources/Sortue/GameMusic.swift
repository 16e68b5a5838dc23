import Foundation
import Audio

/// The track played behind the board (loop, 70% volume, stop rewinds) through the audio
/// system's ``BackgroundMusic`` on a real-time playback service.
///
/// The service plays into the sound device (``CoreFactory/deviceOutput(device:notice:)``, ALSA's
/// `default`); where none opens, one line on stderr says so and the track is decoded, paced and
/// looped in real time into a ``NullSink``, silently.
@MainActor
final class GameMusic {
    /// The looping track.
    private let music: BackgroundMusic

    /// Opens the track at `path` and starts it.
    ///
    /// - Throws: ``AudioError`` when the file cannot be opened or decoded.
    init(path: String) async throws(AudioError) {
        // The game's music is not the player's library: no Free or Pro format rule, so any
        // file the player's decoder router reads plays (Ogg Vorbis, Opus, FLAC, WAV, AIFF,
        // MP3, AAC and ALAC in M4A, DSD, …).
        let service = DefaultPlaybackService(
            decoder: RoutingDecoder(), audio: CoreFactory.deviceOutput(notice: Self.noSoundDevice), clock: MonotonicClock(),
            pumpInterval: .milliseconds(20))
        music = BackgroundMusic(url: URL(fileURLWithPath: path), service: service)
        try await music.play()
    }

    /// The one line printed when no sound device opens, before the game takes the screen.
    private nonisolated static func noSoundDevice(_ error: AudioError) {
        FileHandle.standardError.write(Data("sortue: no sound device (\(error.message)); the music plays silently\n".utf8))
    }

    /// Restarts the track when it has ended; call it from the game loop.
    func keepLooping() async {
        // A track that played once and then fails to reopen stays silent rather than ending the game.
        try? await music.poll()
    }

    /// Stops the track and rewinds it.
    func stop() async {
        await music.stop()
    }
}
