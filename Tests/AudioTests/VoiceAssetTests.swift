import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Shared voice assets")
struct VoiceAssetTests {
    @Test func voicesOfOneKeyShareAnAssetThatGoesWithTheLastVoice() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 64), world: World())
        var decodes = 0
        weak var decoded: AudioAsset?
        func load() throws -> AudioAssetID {
            try mixer.loadAsset(key: "shot.wav") {
                decodes += 1
                let asset = try AudioAsset(interleaved: MixerFixture.constant(0.5, frames: 32), channels: 1, sampleRate: 48_000)
                decoded = asset
                return asset
            }
        }
        let first = try load()
        let second = try load()
        #expect(first == second)
        #expect(decodes == 1)
        let voices = try (0..<3).map { _ in try mixer.spawnVoice(asset: first) }
        #expect(try mixer.holderCount(of: first) == 5)
        try mixer.releaseAsset(first)
        try mixer.releaseAsset(second)
        // Only the voices hold it now: a third release would free it under them.
        #expect(throws: AudioError.self) { try mixer.releaseAsset(first) }
        #expect(try mixer.holderCount(of: first) == 3)
        #expect(decoded != nil)
        _ = try MixerFixture.mix(mixer, frames: 64)
        #expect(decoded != nil)
        try mixer.removeVoice(voices[0])
        #expect(try mixer.removeStoppedVoices() == 2)
        #expect(decoded == nil)
        #expect(mixer.assetCount == 0)
        #expect(throws: AudioError.self) { try mixer.spawnVoice(asset: first) }
        #expect(throws: AudioError.self) { try mixer.releaseAsset(first) }
        // The key decodes afresh, and the old handle does not name the new asset.
        let again = try load()
        #expect(decodes == 2)
        #expect(again != first)
        #expect(throws: AudioError.self) { try mixer.asset(first) }
    }

    @Test func anAssetOfAnotherRateIsResampledToTheOutput() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512), world: World())
        let asset = try AudioAsset(
            interleaved: MixerFixture.sine(frequency: 1_000, amplitude: 0.5, rate: 44_100, frames: 4_410), channels: 1, sampleRate: 44_100)
        let expected = try PolyphaseFilter(inputRate: 44_100, outputRate: 48_000).resample(asset).interleavedSamples
        try mixer.spawnVoice(asset: try mixer.addAsset(asset), pan: -1)
        var left: [Float] = []
        for _ in 0..<10 { left += MixerFixture.channel(0, of: try MixerFixture.mix(mixer, frames: 512), channels: 2) }
        #expect(expected.count == 4_800)
        #expect(Array(left.prefix(4_800)) == expected)
        #expect(left.suffix(from: 4_800).allSatisfy { $0 == 0 })
    }

    @Test func ratesThatCannotBeResampledAreRejected() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 64), world: World())
        #expect(throws: AudioError.self) { try mixer.addAsset(AudioAsset(interleaved: [0], channels: 1, sampleRate: 47_999)) }
        #expect(throws: AudioError.self) { try PolyphaseFilter(inputRate: 768_000, outputRate: 8_000) }
    }
}
