import CSndFile
import Foundation
import SnapshotTesting
import Testing
import Audio

/// The service and the player over the real decoder and sinks: damaged files, a failing
/// output, and the service's own pump.
@Suite("Playback with real files, failing outputs and the pump")
@MainActor
struct PlaybackIntegrationTests {
    @Test("the player reports a damaged or unrecognised file as its typed error and stays usable")
    func damagedFiles() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = "\(directory)/good.wav"
        try SineSignal(sampleRate: 8_000, frames: 800).write(to: good, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        let garbage = "\(directory)/garbage.wav"
        #expect(FileManager.default.createFile(atPath: garbage, contents: Data(repeating: 0x5A, count: 4096)))
        let truncated = "\(directory)/truncated.wav"
        #expect(FileManager.default.createFile(atPath: truncated, contents: try Data(contentsOf: URL(fileURLWithPath: good)).prefix(30)))

        let clock = ManualClock()
        let factory = CoreFactory(output: { NullSink() }, clock: clock, pumpInterval: nil)
        let player = await AudioPlayer(factory: factory, entitlements: FreeEntitlements())
        await player.load(urls: [garbage, truncated, good].map { URL(fileURLWithPath: $0) })
        #expect(player.playlist.tracks.map(\.title) == ["good"], "files whose tags cannot be read are not added")
        #expect(player.lastError == .failedToDecode)

        // A file that turns bad after it was added.
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: good))
        await player.play()
        #expect(player.lastError == .unsupportedFormat)
        #expect(player.playbackState == .error(.unsupportedFormat))
        try SineSignal(sampleRate: 8_000, frames: 800).write(to: good, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        await player.play()
        #expect(player.playbackState == .playing)
    }

    @Test("an output that fails to start is the player's outputError")
    func outputFailure() async throws {
        let output = RecordingOutput()
        output.update { $0.startError = .ioError("device busy", underlying: POSIXError(.EBUSY)) }
        let factory = CoreFactory(
            decoder: { SyntheticDecoder() }, output: { output }, clock: ManualClock(),
            tagReader: TestTagReader(tags: PlayerFixture.tags), pumpInterval: nil)
        let player = await AudioPlayer(factory: factory, entitlements: FreeEntitlements())
        await player.load(urls: [PlayerFixture.url("a.wav")])
        await player.play()
        #expect(player.playbackState == .error(.outputError))
        #expect(player.lastError == .outputError)
    }

    @Test("with a pump interval the service renders and finishes the track by itself")
    func pump() async throws {
        let clock = ManualClock()
        let sink = NullSink()
        let service = DefaultPlaybackService(
            decoder: SyntheticDecoder(.init(duration: 0.5, sampleRate: 8_000, channels: 1)), audio: sink, clock: clock,
            pumpInterval: .milliseconds(1))
        try await service.load(url: URL(fileURLWithPath: "/music/track.wav"))
        try await service.play()
        // Only the clock is driven here; the pump task does the ticking.
        for _ in 0..<5_000 where await service.state != .stopped {
            clock.advance(by: 0.05)
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(await service.state == .stopped)
        #expect(sink.framesRendered == 4_000)
    }

    @Test("the service feeding the real-time sink on one virtual clock plays every period on time")
    func serviceIntoRealTimeSink() async throws {
        let clock = ManualClock()
        let played = PlayedBuffers()
        let sink = RealTimeSink(clock: clock, onPeriod: { played.append($0) })
        let service = DefaultPlaybackService(
            decoder: SyntheticDecoder(.init(duration: 1, sampleRate: 8_000, channels: 1)), audio: sink, clock: clock)
        try await service.load(url: URL(fileURLWithPath: "/music/track.wav"))
        try await service.play()
        await service.tick()
        for _ in 0..<90 {
            clock.advance(by: 0.01)
            await service.tick()
            sink.pullDuePeriods()
        }
        // 0.9 s of 128 ms periods: seven played, none short, in the decoder's order.
        #expect(sink.periodsPlayed == 7)
        #expect(sink.underruns == 0)
        let samples = played.all.flatMap { $0 }
        #expect(samples.count == 7 * 1024)
        #expect(samples.enumerated().allSatisfy { $1 == SyntheticDecoder.sampleValue(frame: $0, channel: 0) })
    }
}
