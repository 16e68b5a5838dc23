import Foundation
import SnapshotTesting
import Testing
import Audio

@Suite("PlaybackService: buffer size, time, seek, volume, end of track and ranges")
/// The service's rules beyond the state table.
struct PlaybackRuleTests {
    @Test("framesPerBuffer is the nearest power of two to rate × 0.1, ties up, ≤ 0 gives 512 (8 kHz gives 1024, as in the code)",
          arguments: [(44_100.0, 4096), (48_000, 4096), (96_000, 8192), (22_050, 2048), (8_000, 1024), (7_680, 1024),
                      (10, 1), (5, 512), (0, 512), (-48_000, 512), (.nan, 512), (.infinity, 512), (1e300, 1 << 52)])
    func framesPerBuffer(rate: Double, expected: Int) {
        #expect(PlaybackBufferSize.framesPerBuffer(sampleRate: rate) == expected)
    }

    @Test("load configures the output with the rate, channels and buffer size")
    func configure() async throws {
        let fixture = PlaybackFixture(.init(sampleRate: 48_000, channels: 1))
        try await fixture.service.load(url: fixture.url)
        #expect(fixture.log.all == ["stop", "flush", "open track.wav", "configure 48000 1 4096"])
        #expect(await fixture.service.framesPerBuffer == 4096)
    }

    @Test("currentTime: running while playing and capped at the duration, held while paused, 0 when stopped or in error")
    func currentTimePerState() async throws {
        let fixture = PlaybackFixture(.init(duration: 2))
        try await fixture.reach(.paused)
        #expect(await fixture.service.currentTime() == 0)
        try await fixture.service.play()
        fixture.clock.advance(by: 0.75)
        #expect(await fixture.service.currentTime() == 0.75)
        await fixture.service.pause()
        fixture.clock.advance(by: 5)
        #expect(await fixture.service.currentTime() == 0.75)
        try await fixture.service.play()
        fixture.clock.advance(by: 0.5)
        #expect(await fixture.service.currentTime() == 1.25)
        fixture.clock.advance(by: 30)
        #expect(await fixture.service.currentTime() == 2)
        await fixture.service.stop()
        #expect(await fixture.service.currentTime() == 0)

        let failing = PlaybackFixture()
        try await failing.reach(.error)
        failing.clock.advance(by: 1)
        #expect(await failing.service.currentTime() == 0)
    }

    @Test("the output receives the decoded signal without gaps, two buffers ahead of the position")
    func renderedSignal() async throws {
        let fixture = PlaybackFixture(.init(duration: 1, sampleRate: 8_000, channels: 2))
        try await fixture.reach(.playing)
        await fixture.service.tick()
        // 8 kHz → 1024-frame buffers; two ahead of position 0.
        #expect(fixture.output.snapshot.samples.count == 2 * 1024 * 2)
        await fixture.run(seconds: 0.3)
        let samples = fixture.output.snapshot.samples
        let frames = samples.count / 2
        let renderedSeconds = Double(frames) / 8_000
        let lookahead: Double = 2 * 1024 / 8_000
        #expect(renderedSeconds >= 0.3 + lookahead)
        for frame in 0..<frames {
            #expect(samples[frame * 2] == SyntheticDecoder.sampleValue(frame: frame, channel: 0))
            #expect(samples[frame * 2 + 1] == SyntheticDecoder.sampleValue(frame: frame, channel: 1))
        }
    }

    @Test("at the end of the track: buffering for two buffers of drain, then stopped at 0 with the decoder rewound")
    func endOfTrackDrain() async throws {
        let fixture = PlaybackFixture(.init(duration: 0.5, sampleRate: 8_000, channels: 1))
        try await fixture.reach(.playing)
        var states: [(Double, CorePlaybackState)] = []
        for step in 1...200 {
            fixture.clock.advance(by: 0.005)
            await fixture.service.tick()
            let state = await fixture.service.state
            if states.last?.1 != state { states.append((Double(step) * 0.005, state)) }
        }
        #expect(states.map(\.1) == [.playing, .buffering, .stopped])
        let bufferSeconds = 1024 / 8_000.0
        let buffering = try #require(states.first { $0.1 == .buffering }?.0)
        let stopped = try #require(states.first { $0.1 == .stopped }?.0)
        #expect(stopped - buffering >= 2 * bufferSeconds - 1e-9)
        #expect(stopped - buffering < 2 * bufferSeconds + 0.006)
        #expect(await fixture.service.currentTime() == 0)
        #expect(fixture.log.all.contains("seek 0.0"))
        #expect(fixture.output.snapshot.samples.count == 4000, "every frame of the track reached the output once")
    }

    @Test("seek: invalidState with no track, invalidArgument outside 0…duration, flush before the decoder seeks, clock re-based")
    func seekRules() async throws {
        let empty = PlaybackFixture()
        await #expect(throws: AudioError.invalidState("seek needs a loaded track")) { try await empty.service.seek(to: 0) }

        let fixture = PlaybackFixture(.init(duration: 4))
        try await fixture.reach(.playing)
        for bad in [-1, .nan, 4.001, .infinity] as [Double] {
            await #expect(throws: AudioError.invalidArgument("seek time \(bad) s is outside 0…4.0 s")) { try await fixture.service.seek(to: bad) }
        }
        fixture.clock.advance(by: 1)
        fixture.log.clear()
        try await fixture.service.seek(to: 3)
        #expect(fixture.log.all == ["flush", "seek 3.0"])
        #expect(await fixture.service.currentTime() == 3)
        fixture.clock.advance(by: 0.5)
        #expect(await fixture.service.currentTime() == 3.5)
        try await fixture.service.seek(to: 4)
        #expect(await fixture.service.currentTime() == 4)
    }

    @Test("setVolume clamps to [0, 1], NaN counts as 0, and the volume is reapplied after load")
    func volume() async throws {
        let fixture = PlaybackFixture()
        for (given, applied) in [(0.5, 0.5), (2, 1), (-3, 0), (.nan, 0), (.infinity, 1), (0.25, 0.25)] as [(Float, Float)] {
            await fixture.service.setVolume(given)
            #expect(await fixture.service.volume == applied)
            #expect(fixture.output.snapshot.volumes.last == applied)
        }
        try await fixture.service.load(url: fixture.url)
        #expect(fixture.output.snapshot.volumes.last == 0.25)
        #expect(fixture.output.snapshot.volumes.count == 7)
    }

    @Test("a playback range pauses at its end and jumps to its start; load clears it; bad ranges are rejected")
    func playbackRange() async throws {
        let fixture = PlaybackFixture(.init(duration: 3, sampleRate: 8_000, channels: 1))
        await #expect(throws: AudioError.invalidState("a playback range needs a loaded track")) {
            try await fixture.service.setPlaybackRange(start: 0, end: 1)
        }
        try await fixture.reach(.paused)
        let rejected: [(Double, Double?, String)] = [
            (-1, nil, "range start -1.0 s is outside 0…3.0 s"),
            (.nan, 1, "range start nan s is outside 0…3.0 s"),
            (1, 1, "range end 1.0 s is not after the start 1.0 s and within 3.0 s"),
            (1, 3.5, "range end 3.5 s is not after the start 1.0 s and within 3.0 s"),
        ]
        for (start, end, message) in rejected {
            await #expect(throws: AudioError.invalidArgument(message)) { try await fixture.service.setPlaybackRange(start: start, end: end) }
        }
        try await fixture.service.setPlaybackRange(start: 1, end: 1.5)
        try await fixture.service.seek(to: 1)
        try await fixture.service.play()
        await fixture.run(seconds: 0.49)
        #expect(await fixture.service.state == .playing)
        // The output never receives audio past the end of the range.
        #expect(fixture.output.snapshot.samples.count == 4000)
        await fixture.run(seconds: 0.02)
        #expect(await fixture.service.state == .paused)
        #expect(await fixture.service.currentTime() == 1)
        #expect(fixture.log.all.suffix(3) == ["stop", "flush", "seek 1.0"])
        try await fixture.service.load(url: fixture.url)
        #expect(await fixture.service.playbackRange == nil)
    }

    @Test("a real WAV plays to the end through the libsndfile decoder")
    func realFile() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let signal = SineSignal(sampleRate: 8_000, frames: 2_000)
        let path = "\(directory)/tone.wav"
        try signal.write(to: path, format: 0x010006) // WAV, 32-bit float: exact samples.
        let output = RecordingOutput()
        let clock = ManualClock()
        let service = DefaultPlaybackService(decoder: SndFileDecoder(), audio: output, clock: clock)
        try await service.load(url: URL(fileURLWithPath: path))
        #expect(await service.duration() == 0.25)
        try await service.play()
        for _ in 0..<100 {
            clock.advance(by: 0.01)
            await service.tick()
        }
        #expect(await service.state == .stopped)
        #expect(output.snapshot.samples == signal.interleaved())
    }
}
