import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Resampled loops")
struct ResamplerLoopTests {
    /// Output frames at the start that read before the source's first frame (the filter's
    /// half width, rounded up), where a repeated source and a single copy differ.
    static let leadIn = 16

    /// The first `buffers × frames` frames of a 48 kHz stereo mixer playing `asset` once,
    /// at gain 0.5 and pan 0.25, from frame 0.
    static func mix(_ asset: AudioAsset, looping: Bool, buffers: Int, frames: Int) throws -> [Float] {
        try ResamplerKernelTests.mixVoice(asset, pan: 0.25, looping: looping, buffers: buffers, frames: frames)
    }

    @Test("a looping resampled voice equals, bit for bit, the source repeated end to end, across every wrap",
          arguments: [(301, 1), (301, 2), (40, 2), (1_000, 1)])
    func loopingEqualsTheRepeatedSource(shape: (frames: Int, channels: Int)) throws {
        let samples = ResamplerKernelTests.noise(frames: shape.frames, channels: shape.channels, seed: UInt64(shape.frames))
        let loop = try AudioAsset(interleaved: samples, channels: shape.channels, sampleRate: 44_100)
        // At least four wraps, and the repeated copy two sources longer than the mixed span,
        // so its silent end stays out of the comparison.
        let frames = 330
        let buffers = max(4, (4 * shape.frames * 48_000 / 44_100) / frames + 1)
        let copies = (buffers * frames * 44_100 / 48_000) / shape.frames + 3
        let repeated = try AudioAsset(
            interleaved: Array((0..<copies).map { _ in samples }.joined()), channels: shape.channels, sampleRate: 44_100)
        let looped = try Self.mix(loop, looping: true, buffers: buffers, frames: frames)
        let once = try Self.mix(repeated, looping: false, buffers: buffers, frames: frames)
        let from = 2 * Self.leadIn
        #expect(looped[from...].map(\.bitPattern) == once[from...].map(\.bitPattern))
        // The comparison covers sound, not two silent mixes.
        #expect(looped[from...].contains { $0 != 0 })
    }

    @Test("a looping and a non-looping voice of one asset: the looping one reads the loop, the other still reads silence past the end")
    func nonLoopingVoiceKeepsItsSilentEdges() throws {
        let samples = ResamplerKernelTests.noise(frames: 301, channels: 2, seed: 5)
        let asset = try AudioAsset(interleaved: samples, channels: 2, sampleRate: 44_100)
        let reference = ResamplerReference(try PolyphaseFilter(inputRate: 44_100, outputRate: 48_000), samples: samples, channels: 2)
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 400), world: World())
        let id = try mixer.addAsset(asset)
        // The looping voice spawns first (making the looped copy) but starts after the other
        // voice's 328 frames and their filter tail.
        try mixer.spawnVoice(asset: id, gain: 0.5, pan: 0.25, looping: true, startFrame: 400)
        try mixer.spawnVoice(asset: id, gain: 0.5, pan: 0.25, looping: false)
        let mixed = try (0..<4).flatMap { _ in try MixerFixture.mix(mixer, frames: 400) }
        let pan = VoicePan(0.25)
        let stereo = { (frames: [SIMD2<Float>]) in frames.flatMap { [0 + 0.5 * pan.left * $0.x, 0 + 0.5 * pan.right * $0.y] } }
        let once = stereo(reference.frames(400, looping: false))
        let looping = stereo(reference.frames(1_200, looping: true))
        #expect(mixed[..<800].map(\.bitPattern) == once.map(\.bitPattern))
        #expect(mixed[800...].map(\.bitPattern) == looping.map(\.bitPattern))
        // The last frame before the loop point reads the source's start, not silence.
        #expect(reference.frames(328, looping: true).last != reference.frames(328, looping: false).last)
    }
}
