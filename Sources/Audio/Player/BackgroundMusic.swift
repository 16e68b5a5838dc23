import Foundation

/// Looping background music for a game: one track played forever at 70% volume while music is
/// enabled; pause keeps the position, stop rewinds to the start.
///
/// The loop is detected by ``poll()`` (call it periodically, as ``AudioPlayer`` does every
/// 0.25 s): when the track has ended it is loaded and played again.
@MainActor
public final class BackgroundMusic {
    /// The music volume.
    public static let volume: Float = 0.7

    /// Whether music may play.
    public private(set) var isMusicEnabled: Bool
    /// Whether the music should be playing now.
    public private(set) var isPlaying = false

    private let url: URL
    private let service: DefaultPlaybackService

    /// Creates the music for the track at `url`, played through `service`.
    public init(url: URL, service: DefaultPlaybackService, isMusicEnabled: Bool = true) {
        self.url = url
        self.service = service
        self.isMusicEnabled = isMusicEnabled
    }

    /// Starts or resumes the music at 70% volume; does nothing while music is disabled.
    ///
    /// - Throws: the service's ``AudioError`` when the track cannot be loaded or played.
    public func play() async throws(AudioError) {
        guard isMusicEnabled else { return }
        if await service.state != .paused {
            try await service.load(url: url)
        }
        await service.setVolume(Self.volume)
        try await service.play()
        isPlaying = true
    }

    /// Pauses, keeping the position.
    public func pause() async {
        await service.pause()
        isPlaying = false
    }

    /// Stops and rewinds to the start.
    public func stop() async {
        await service.stop()
        isPlaying = false
    }

    /// Enables or disables music; disabling pauses it, enabling resumes it.
    ///
    /// - Throws: the errors of ``play()``.
    public func setMusicEnabled(_ enabled: Bool) async throws(AudioError) {
        isMusicEnabled = enabled
        if enabled { try await play() } else { await pause() }
    }

    /// Restarts the track from the beginning when it has ended while playing.
    ///
    /// - Throws: the errors of ``play()``.
    public func poll() async throws(AudioError) {
        guard isPlaying, await service.state == .stopped else { return }
        try await play()
    }
}
