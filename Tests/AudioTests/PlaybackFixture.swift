import Foundation
import Audio

/// A ``DefaultPlaybackService`` over a synthetic decoder, a recording output and a virtual
/// clock, brought into a chosen state.
struct PlaybackFixture {
    /// The states HarmoniaCore's table starts from.
    enum Start: String, CaseIterable, CustomStringConvertible, Sendable {
        case stopped, paused, playing, error
        /// The name.
        var description: String { rawValue }
    }

    /// The calls on the decoder and the output, in order.
    let log = AudioCallLog()
    /// The decoder double.
    let decoder: SyntheticDecoder
    /// The output double.
    let output: RecordingOutput
    /// The clock the service reads.
    let clock = ManualClock()
    /// The service under test.
    let service: DefaultPlaybackService
    /// The track the fixture loads.
    let url = URL(fileURLWithPath: "/music/track.wav")

    /// A stopped service over a decoder with `settings`.
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
            clock.advance(by: step)
            await service.tick()
            elapsed += step
        }
    }
}
