import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Voice gain smoothing")
struct VoiceGainTests {
    @Test(arguments: [1, 64, 300, 1_000])
    func noStepExceedsWhatTheRampAllows(rampFrames: Int) throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 128), world: World())
        let one = try mixer.addAsset(AudioAsset(interleaved: MixerFixture.constant(1, frames: 4_096), channels: 1, sampleRate: 48_000))
        let voice = try mixer.spawnVoice(asset: one, gain: 0.1, pan: -1)
        _ = try MixerFixture.mix(mixer, frames: 128)
        try mixer.setGain(0.9, of: voice, rampFrames: rampFrames)
        var left: [Float] = []
        for _ in 0..<12 { left += MixerFixture.channel(0, of: try MixerFixture.mix(mixer, frames: 128), channels: 2) }
        let allowed = 0.8 / Float(rampFrames) + 1e-6
        var previous: Float = 0.1
        for sample in left {
            #expect(abs(sample - previous) <= allowed)
            previous = sample
        }
        // The ramp ends exactly on its target, after exactly `rampFrames` frames.
        #expect(left[rampFrames - 1] == 0.9)
        if rampFrames > 1 { #expect(left[rampFrames - 2] < 0.9) }
        #expect(left.suffix(from: rampFrames).allSatisfy { $0 == 0.9 })
    }

    @Test func aRampOnlyAdvancesOnHeardFrames() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 1, sampleRate: 48_000, maxFrames: 64), world: World())
        let one = try mixer.addAsset(AudioAsset(interleaved: MixerFixture.constant(1, frames: 256), channels: 1, sampleRate: 48_000))
        let voice = try mixer.spawnVoice(asset: one, gain: 0, startFrame: 96)
        try mixer.setGain(1, of: voice, rampFrames: 64)
        let out = try MixerFixture.mix(mixer, frames: 64) + MixerFixture.mix(mixer, frames: 64) + MixerFixture.mix(mixer, frames: 64)
        #expect(out[0..<96].allSatisfy { $0 == 0 })
        #expect(abs(out[96] - 1 / 64) <= 1e-6)
        #expect(out[159] == 1)
    }

    @Test func aRampOfZeroFramesJumps() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 1, sampleRate: 48_000, maxFrames: 8), world: World())
        let one = try mixer.addAsset(AudioAsset(interleaved: MixerFixture.constant(1, frames: 64), channels: 1, sampleRate: 48_000))
        let voice = try mixer.spawnVoice(asset: one, gain: 1)
        try mixer.setGain(0.25, of: voice, rampFrames: 0)
        #expect(try MixerFixture.mix(mixer, frames: 8).allSatisfy { $0 == 0.25 })
    }
}
