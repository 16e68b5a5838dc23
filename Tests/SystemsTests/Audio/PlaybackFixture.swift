import Foundation
import Systems

/// A ``DefaultPlaybackService`` over a synthetic decoder, a recording output and a virtual
/// clock, brought into a chosen state.
struct PlaybackFixture {
    /// The states HarmoniaCore's table starts from.
    enum Start: String, CaseIterable, CustomStringConvertible, Sendable {
        case stopped, paused, playing, error
        var description: String { rawValue }
    }

    let log = AudioCallLog()
    let decoder: SyntheticDecoder
    let output: RecordingOutput
    let clock = VirtualMonotonicTime()
    let service: DefaultPlaybackService
    let url = URL(fileURLWithPath: "/music/track.wav")

    init(_ settings: SyntheticDecoder.Settings = .init()) {
        decoder = SyntheticDecoder(settings, log: log)
        output = RecordingOutput(log: log)
        service = DefaultPlaybackService(decoder: decoder, audio: output, clock: clock)
    }

    /// Loads the track and moves the service to `start`: `stopped` by stopping a loaded track,
    /// `error` by a read failure during rendering.
    func reach(_ start: Start) async throws {
        try await service.load(url: url)
        switch start {
        case .paused:
            break
        case .stopped:
            await service.stop()
        case .playing:
            try await service.play()
        case .error:
            try await service.play()
            decoder.update { $0.readError = .decodeError("damaged block") }
            await service.tick()
            decoder.update { $0.readError = nil }
        }
        log.clear()
    }

    /// Advances the clock by `seconds` in steps of `step`, ticking after each.
    func run(seconds: Double, step: Double = 0.01) async {
        var elapsed = 0.0
        while elapsed < seconds - 1e-9 {
            clock.advance(bySeconds: step)
            await service.tick()
            elapsed += step
        }
    }
}
