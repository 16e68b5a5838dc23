import Platform
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

/// Feeds a real-time sink from a mixer, taking `delay` seconds of the virtual clock per
/// buffer: a stand-in for a mix too slow for its period.
private final class SlowMixerSource: AudioRenderSource {
    private let mixer: Locked<AudioMixer>
    private let clock: ManualClock
    let delay = Locked<Double>(0)

    init(mixer: sending AudioMixer, clock: ManualClock) {
        self.mixer = Locked(mixer)
        self.clock = clock
    }

    func render(into buffer: inout [Float], frameCount: Int) -> Int {
        let mixed = mixer.withLock { mixer in
            guard buffer.count == frameCount * mixer.format.channels else { return 0 }
            return (try? mixer.mix(into: &buffer)) == nil ? 0 : frameCount
        }
        clock.advance(by: delay.withLock { $0 })
        return mixed
    }
}

@Suite("Mixer on a real-time sink")
struct MixerUnderrunTests {
    @Test func aMixSlowerThanItsPeriodIsCountedAsUnderruns() throws {
        let clock = ManualClock()
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 480), world: World())
        let tone = try mixer.addAsset(AudioAsset(
            interleaved: MixerFixture.sine(frequency: 500, amplitude: 0.5, rate: 48_000, frames: 48_000), channels: 1, sampleRate: 48_000))
        try mixer.spawnVoice(asset: tone, pan: -1, looping: true)
        let source = SlowMixerSource(mixer: mixer, clock: clock)
        let loudest = Locked<Float>(0)
        let sink = RealTimeSink(clock: clock, source: source) { buffer in
            let peak = buffer.map(abs).max() ?? 0
            loudest.withLock { $0 = max($0, peak) }
        }
        try sink.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 480)
        try sink.start()
        // 480 frames at 48 kHz: a 10 ms period. A 2 ms mix keeps up.
        source.delay.withLock { $0 = 0.002 }
        for _ in 0..<10 {
            clock.advance(by: 0.010)
            sink.pullDuePeriods()
        }
        #expect(sink.periodsPlayed >= 10)
        #expect(sink.underruns == 0)
        #expect(abs(loudest.withLock { $0 } - 0.5) < 1e-3)
        // A 15 ms mix misses every deadline it runs into.
        source.delay.withLock { $0 = 0.015 }
        for _ in 0..<4 {
            clock.advance(by: 0.010)
            sink.pullDuePeriods()
        }
        let late = sink.underruns
        #expect(late >= 4)
        // Back on time, no more are counted.
        source.delay.withLock { $0 = 0.002 }
        for _ in 0..<10 {
            clock.advance(by: 0.010)
            sink.pullDuePeriods()
        }
        #expect(sink.underruns == late)
    }
}
