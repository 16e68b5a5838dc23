import Foundation
import Testing
@testable import Audio
import Audio

/// The ALSA output against ALSA's own `file` plugin (no sound card needed): the bytes that reach
/// the file are the mix, bit for bit, on the push and the pull path.
@Suite("ALSA output into the file plugin")
struct ALSAFileCaptureTests {
    /// Channels, rate and period of each case.
    static let shapes: [(channels: Int, rate: Int, period: Int)] = [
        (1, 44_100, 64), (2, 44_100, 333), (1, 48_000, 1_024), (2, 48_000, 256),
    ]

    @Test("pushed frames reach the file bit for bit, paced by the clock once the plugin shows it does not block", arguments: shapes)
    func pushedFramesReachTheFile(shape: (channels: Int, rate: Int, period: Int)) throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        // At least 50 ms, and more than the device's buffer of 4 periods, after which the output
        // sees that the plugin does not block.
        let signal = alsaTestSignal(frames: max(shape.rate / 20, 5 * shape.period) + 7, channels: shape.channels, seed: UInt64(shape.period))
        let output = ALSAOutput(device: capture.device, periodFrames: shape.period, realTimePriority: nil)
        try output.configure(sampleRate: Double(shape.rate), channels: shape.channels, framesPerBuffer: 512)
        #expect(output.setup == ALSASetup(
            sampleFormat: .float32, channels: shape.channels, sampleRate: shape.rate, periodFrames: shape.period, bufferFrames: 4 * shape.period))
        try output.start()
        try pushAll(signal, channels: shape.channels, into: output)
        output.stop()
        #expect(capture.bytes == ALSACapture.floatBytes(signal))
        #expect(output.statistics.framesWritten == signal.count / shape.channels)
        #expect(output.statistics.periodsWritten == (signal.count / shape.channels + shape.period - 1) / shape.period)
        #expect(output.isPacedByClock, "the file plugin never blocks, so the clock paces it")
    }

    @Test("pulled frames reach the file bit for bit, then whole periods of silence until the stop", arguments: shapes)
    func pulledFramesReachTheFile(shape: (channels: Int, rate: Int, period: Int)) throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        let signal = alsaTestSignal(frames: shape.rate / 20 + 3, channels: shape.channels, seed: 7 &* UInt64(shape.period))
        let source = FiniteSignalSource(signal, channels: shape.channels)
        let output = ALSAOutput(device: capture.device, periodFrames: shape.period, source: source, realTimePriority: nil)
        try output.configure(sampleRate: Double(shape.rate), channels: shape.channels, framesPerBuffer: shape.period)
        try output.start()
        #expect(source.waitUntilExhausted())
        output.stop()
        let bytes = capture.bytes
        let expected = ALSACapture.floatBytes(signal)
        let frameBytes = 4 * shape.channels
        #expect(bytes.count >= expected.count && Array(bytes.prefix(expected.count)) == expected)
        #expect(bytes.dropFirst(expected.count).allSatisfy { $0 == 0 }, "after the signal, silence")
        #expect(bytes.count % (frameBytes * shape.period) == 0, "the pull path writes whole periods")
        #expect(output.statistics.underruns >= 1, "the source's short period is an underrun")
    }

    @Test("a volume below 1 writes each sample times the volume, exactly", arguments: [Float(0.5), 0.3, 0])
    func volumeScalesTheSamples(volume: Float) throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        let signal = alsaTestSignal(frames: 2_000, channels: 2, seed: 99)
        let output = ALSAOutput(device: capture.device, periodFrames: 128, pacing: .device, realTimePriority: nil)
        try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512)
        output.setVolume(volume)
        try output.start()
        try pushAll(signal, channels: 2, into: output)
        output.stop()
        #expect(capture.bytes == ALSACapture.floatBytes(signal.map { $0 * volume }))
    }

    @Test("the volume is clamped to [0, 1], NaN to 0")
    func volumeIsClamped() {
        let output = ALSAOutput(device: "unused")
        output.setVolume(3)
        #expect(output.volume == 1)
        output.setVolume(-1)
        #expect(output.volume == 0)
        output.setVolume(.nan)
        #expect(output.volume == 0)
    }

    @Test("16- and 32-bit integer devices get the mix clipped, scaled and rounded", arguments: [ALSASampleFormat.signed16, .signed32])
    func integerFormatsAreConverted(format: ALSASampleFormat) throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        let samples: [Float] = [0, 1, -1, 0.5, -0.5, 2, -2, .nan, 0.25, 1e-9]
        let output = ALSAOutput(device: capture.device, periodFrames: 4, sampleFormats: [format], pacing: .device, realTimePriority: nil)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 16)
        #expect(output.setup?.sampleFormat == format)
        try output.start()
        try pushAll(samples, channels: 1, into: output)
        output.stop()
        let expected: [UInt8]
        switch format {
        case .signed16:
            let values: [Int16] = [0, 32_767, -32_767, 16_384, -16_384, 32_767, -32_767, 0, 8_192, 0]
            expected = values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        default:
            let values: [Int32] = [0, 2_147_483_647, -2_147_483_647, 1_073_741_824, -1_073_741_824, 2_147_483_647, -2_147_483_647, 0, 536_870_912, 2]
            expected = values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        }
        #expect(capture.bytes == expected)
    }

    @Test("stop plays everything accepted, and a restarted output goes on where it stopped")
    func stopDrainsAndRestarts() throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        let first = alsaTestSignal(frames: 1_000, channels: 2, seed: 1)
        let second = alsaTestSignal(frames: 777, channels: 2, seed: 2)
        let output = ALSAOutput(device: capture.device, periodFrames: 256, pacing: .clock, queueBuffers: 4, realTimePriority: nil)
        try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512)
        try output.start()
        #expect(try output.render(first, frameCount: 1_000) == 1_000, "the queue holds four 512-frame buffers")
        output.stop()
        #expect(capture.bytes.count == 1_000 * 8, "stop returns once the last, short period is written")
        #expect(throws: AudioError.invalidState("the ALSA output is not started")) { try output.render(second, frameCount: 1) }
        try output.start()
        try pushAll(second, channels: 2, into: output)
        output.stop()
        #expect(capture.bytes == ALSACapture.floatBytes(first + second))
    }

    @Test("flush drops what was accepted and not yet written; playback goes on after it")
    func flushDropsTheQueue() throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        let dropped = alsaTestSignal(frames: 2_048, channels: 1, seed: 3)
        let kept = alsaTestSignal(frames: 500, channels: 1, seed: 4)
        // Paced by the clock, 256 frames at 8 kHz are 32 ms: the writer takes at most a period
        // or two of the queue before the flush.
        let output = ALSAOutput(device: capture.device, periodFrames: 256, pacing: .clock, realTimePriority: nil)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 512)
        try output.start()
        #expect(try output.render(dropped, frameCount: 2_048) == 2_048)
        output.flush()
        #expect(output.queuedFrames == 0)
        try pushAll(kept, channels: 1, into: output)
        output.stop()
        let bytes = capture.bytes
        let written = (bytes.count - kept.count * 4) / 4
        #expect(written >= 0 && written < 2_048 && written % 256 == 0, "only whole periods taken before the flush: \(written) frames")
        #expect(bytes == ALSACapture.floatBytes(dropped.prefix(max(0, written)) + kept))
    }

    @Test("the file plugin does not pace: the clock does, one period per period duration")
    func theClockPacesAPCMThatDoesNotBlock() throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        // 20 periods of 4 ms, after the first buffer of 4 periods, which the device takes at once.
        let signal = alsaTestSignal(frames: 24 * 32, channels: 1, seed: 5)
        let output = ALSAOutput(device: capture.device, periodFrames: 32, pacing: .automatic, queueBuffers: 64, realTimePriority: nil)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 32)
        let clock = MonotonicClock()
        try output.start()
        try pushAll(signal, channels: 1, into: output)
        output.stop()
        let elapsed = clock.seconds
        #expect(output.isPacedByClock)
        #expect(elapsed >= 19 * 0.004, "24 periods took \(elapsed) s; paced, the last 20 take at least 19 period durations")
        #expect(capture.bytes == ALSACapture.floatBytes(signal))
    }

    @Test("a mixer pulled through the device in periods longer than its buffers gives the bits of mixing whole periods")
    func mixerPulledThroughTheDevice() throws {
        func mixer(maxFrames: Int) throws -> (AudioMixer, Entity) {
            let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: maxFrames), world: World())
            let tone = try mixer.addAsset(AudioAsset(
                interleaved: MixerFixture.sine(frequency: 440, amplitude: 0.5, rate: 44_100, frames: 44_100), channels: 1, sampleRate: 44_100))
            let chord = try mixer.addAsset(AudioAsset(
                interleaved: MixerFixture.sine(frequency: 660, amplitude: 0.3, rate: 48_000, frames: 2_000), channels: 1, sampleRate: 48_000))
            let voice = try mixer.spawnVoice(asset: tone, gain: 0.8, pan: -0.4, looping: true, startFrame: 17)
            try mixer.spawnVoice(asset: chord, gain: 0.5, pan: 0.6, looping: true)
            return (mixer, voice)
        }
        let capture = ALSACapture()
        defer { capture.remove() }
        let (pulled, voice) = try mixer(maxFrames: 128)
        let source = MixerRenderSource(mixer: pulled)
        try source.withMixer { mixer throws(AudioError) in try mixer.setGain(0.1, of: voice) }
        let output = ALSAOutput(device: capture.device, periodFrames: 333, pacing: .clock, source: source, realTimePriority: nil)
        try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 333)
        try output.start()
        #expect(eventually { output.statistics.periodsWritten >= 12 })
        output.stop()
        let (reference, referenceVoice) = try mixer(maxFrames: 333)
        try reference.setGain(0.1, of: referenceVoice)
        var expected: [Float] = []
        var period = [Float](repeating: 0, count: 333 * 2)
        for _ in 0..<output.statistics.periodsWritten {
            try reference.mix(into: &period)
            expected += period
        }
        #expect(output.statistics.underruns == 0)
        #expect(capture.bytes == ALSACapture.floatBytes(expected))
    }
}
