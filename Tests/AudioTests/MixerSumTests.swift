import Foundation
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Mixer sums and pan law")
struct MixerSumTests {
    @Test func sumOfTwoSinesMatchesTheAnalyticMix() throws {
        let rate = 48_000
        let frames = 2_048
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: rate, maxFrames: 512), world: World())
        let low = try mixer.addAsset(AudioAsset(
            interleaved: MixerFixture.sine(frequency: 440, amplitude: 0.5, rate: rate, frames: frames), channels: 1, sampleRate: rate))
        let high = try mixer.addAsset(AudioAsset(
            interleaved: MixerFixture.sine(frequency: 1_250, amplitude: 0.25, rate: rate, frames: frames, channels: 2), channels: 2, sampleRate: rate))
        try mixer.spawnVoice(asset: low, gain: 0.8, pan: -0.5)
        try mixer.spawnVoice(asset: high, gain: 1.5, pan: 0.25)
        var mixed: [Float] = []
        for _ in 0..<(frames / 512) { mixed += try MixerFixture.mix(mixer, frames: 512) }
        let lowAngle = (-0.5 + 1) * Double.pi / 4, highAngle = (0.25 + 1) * Double.pi / 4
        var worst = 0.0
        for frame in 0..<frames {
            let t = 2 * Double.pi * Double(frame) / Double(rate)
            let lowSample = 0.5 * sin(440 * t)
            let left = 0.8 * cos(lowAngle) * lowSample + 1.5 * cos(highAngle) * 0.25 * sin(1_250 * t)
            let right = 0.8 * sin(lowAngle) * lowSample + 1.5 * sin(highAngle) * 0.25 * sin(1_250 * t + 1)
            worst = max(worst, abs(Double(mixed[2 * frame]) - left), abs(Double(mixed[2 * frame + 1]) - right))
        }
        #expect(worst <= 1e-6)
    }

    @Test(arguments: [-1, -0.5, 0, 0.3, 1] as [Float])
    func panKeepsPowerConstant(pan: Float) throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 64), world: World())
        let one = try mixer.addAsset(AudioAsset(interleaved: MixerFixture.constant(1, frames: 64), channels: 1, sampleRate: 48_000))
        try mixer.spawnVoice(asset: one, pan: pan)
        let out = try MixerFixture.mix(mixer, frames: 64)
        let angle = Double(pan + 1) * Double.pi / 4
        #expect(abs(Double(out[0]) - cos(angle)) <= 1e-6)
        #expect(abs(Double(out[1]) - sin(angle)) <= 1e-6)
        #expect(abs(Double(out[0] * out[0] + out[1] * out[1]) - 1) <= 1e-6)
        #expect(mixer.meters.peak == [out[0], out[1]])
    }

    @Test func centredMonoVoiceIsThreeDecibelsDownOnBothSides() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 16), world: World())
        let one = try mixer.addAsset(AudioAsset(interleaved: MixerFixture.constant(1, frames: 16), channels: 1, sampleRate: 48_000))
        try mixer.spawnVoice(asset: one)
        let out = try MixerFixture.mix(mixer, frames: 16)
        #expect(out.allSatisfy { abs($0 - Float(0.5).squareRoot()) <= 1e-6 })
    }

    @Test func metersGivePeakAndRMSPerChannel() throws {
        let rate = 48_000
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: rate, maxFrames: 480), world: World())
        // 480 frames = 10 periods of 1 kHz: the RMS of a full-period sine is amplitude / √2.
        let tone = try mixer.addAsset(AudioAsset(
            interleaved: MixerFixture.sine(frequency: 1_000, amplitude: 1, rate: rate, frames: 480), channels: 1, sampleRate: rate))
        try mixer.spawnVoice(asset: tone, pan: -1)
        _ = try MixerFixture.mix(mixer, frames: 480)
        #expect(abs(mixer.meters.peak[0] - 1) <= 1e-3)
        #expect(abs(mixer.meters.rms[0] - Float(0.5).squareRoot()) <= 1e-4)
        #expect(abs(mixer.meters.peak[1]) <= 1e-7)
        #expect(abs(mixer.meters.rms[1]) <= 1e-7)
    }

    @Test func monoAndSurroundOutputsMapChannels() throws {
        let mono = try AudioMixer(format: MixFormat(channels: 1, sampleRate: 48_000, maxFrames: 8), world: World())
        let stereo = try mono.addAsset(AudioAsset(interleaved: [1, 0.5, 1, 0.5, 1, 0.5, 1, 0.5], channels: 2, sampleRate: 48_000))
        try mono.spawnVoice(asset: stereo, gain: 2, pan: 1)
        #expect(try MixerFixture.mix(mono, frames: 4) == [1.5, 1.5, 1.5, 1.5])

        let surround = try AudioMixer(format: MixFormat(channels: 4, sampleRate: 48_000, maxFrames: 8), world: World())
        let three = try surround.addAsset(AudioAsset(interleaved: [1, 1, 0.25, 1, 1, 0.25], channels: 3, sampleRate: 48_000))
        try surround.spawnVoice(asset: three, gain: 2, pan: -1)
        let out = try MixerFixture.mix(surround, frames: 2)
        #expect(out == [2, 0, 0.5, 0, 2, 0, 0.5, 0])
    }

    @Test func silenceWithoutVoicesAndBadBuffersAreRejected() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 32), world: World())
        var buffer = [Float](repeating: 7, count: 64)
        try mixer.mix(into: &buffer)
        #expect(buffer.allSatisfy { $0 == 0 })
        #expect(mixer.framesMixed == 32)
        var odd = [Float](repeating: 0, count: 63)
        #expect(throws: AudioError.self) { try mixer.mix(into: &odd) }
        var long = [Float](repeating: 0, count: 66)
        #expect(throws: AudioError.self) { try mixer.mix(into: &long) }
        #expect(mixer.framesMixed == 32)
    }

    @Test func badFormatsAndVoiceSettingsAreTypedErrors() throws {
        #expect(throws: AudioError.self) { try MixFormat(channels: 0) }
        #expect(throws: AudioError.self) { try MixFormat(sampleRate: 0) }
        #expect(throws: AudioError.self) { try MixFormat(maxFrames: 0) }
        #expect(throws: AudioError.self) { try AudioAsset(interleaved: [1, 2, 3], channels: 2, sampleRate: 48_000) }
        #expect(throws: AudioError.self) { try AudioAsset(interleaved: [.nan], channels: 1, sampleRate: 48_000) }
        #expect(throws: AudioError.self) { try AudioAsset(interleaved: [1], channels: 1, sampleRate: 10_000_000) }
        let mixer = try AudioMixer(format: MixFormat(), world: World())
        #expect(throws: AudioError.self) { try AudioMixer(format: MixFormat(), threads: 0, world: World()) }
        let asset = try mixer.addAsset(AudioAsset(interleaved: [1, 1], channels: 1, sampleRate: 48_000))
        let empty = try mixer.addAsset(AudioAsset(interleaved: [], channels: 1, sampleRate: 48_000))
        #expect(throws: AudioError.self) { try mixer.spawnVoice(asset: empty) }
        #expect(throws: AudioError.self) { try mixer.spawnVoice(asset: asset, gain: .nan) }
        #expect(throws: AudioError.self) { try mixer.spawnVoice(asset: asset, gain: -1) }
        #expect(throws: AudioError.self) { try mixer.spawnVoice(asset: asset, pan: .nan) }
        #expect(throws: AudioError.self) { try mixer.spawnVoice(asset: asset, pan: 1.5) }
        #expect(throws: AudioError.self) { try mixer.spawnVoice(asset: asset, startFrame: -1) }
        let voice = try mixer.spawnVoice(asset: asset)
        #expect(throws: AudioError.self) { try mixer.setGain(.infinity, of: voice) }
        #expect(throws: AudioError.self) { try mixer.setGain(1, of: voice, rampFrames: -1) }
        #expect(throws: AudioError.self) { try mixer.setPan(-2, of: voice) }
        #expect(throws: AudioError.self) { try mixer.stop(voice, atFrame: -5) }
        let stranger = try mixer.world.spawn(Float(1))
        let gone = try mixer.spawnVoice(asset: asset)
        try mixer.removeVoice(gone)
        let notVoices = [
            #expect(throws: AudioError.self) { try mixer.setGain(1, of: stranger) },
            #expect(throws: AudioError.self) { try mixer.removeVoice(stranger) },
            #expect(throws: AudioError.self) { try mixer.playback(of: gone) },
        ]
        for error in notVoices {
            guard case .notFound? = error else { Issue.record("\(String(describing: error)) is not notFound"); continue }
        }
        #expect(mixer.voiceCount == 1)
    }
}
