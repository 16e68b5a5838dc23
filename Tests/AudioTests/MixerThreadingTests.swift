import ECS
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Mixer thread counts")
struct MixerThreadingTests {
    /// Eight buffers of a mix of 1,500 voices with seeded gains, pans, starts, stops, gain
    /// ramps and two sample rates, on `threads` threads.
    static func render(threads: Int, taggedEvery tagStride: Int? = nil) throws -> [Float] {
        let mixer = try AudioMixer(
            format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 256), threads: threads, voicesPerChunk: 64, world: World())
        var random = SplitMix64(seed: 2_024)
        func unit() -> Float { Float(random.next() >> 40) / Float(1 << 24) }
        var assets: [AudioAssetID] = []
        for index in 0..<6 {
            let rate = index % 3 == 0 ? 44_100 : 48_000
            let channels = 1 + index % 2
            let samples = MixerFixture.sine(frequency: 200 + 150 * Double(index), amplitude: 0.3, rate: rate, frames: 700 + 97 * index, channels: channels)
            assets.append(try mixer.addAsset(AudioAsset(interleaved: samples, channels: channels, sampleRate: rate)))
        }
        var voices: [Entity] = []
        for index in 0..<1_500 {
            voices.append(try mixer.spawnVoice(
                asset: assets[index % assets.count], gain: unit(), pan: 2 * unit() - 1, looping: index % 4 == 0,
                startFrame: Int64(random.next() % 1_500)))
        }
        if let tagStride {
            // Voices with a component of the game's own live in a second table.
            for voice in stride(from: 0, to: voices.count, by: tagStride) {
                try mixer.world.insert(UInt8(1), into: voices[voice])
            }
        }
        var output: [Float] = []
        for buffer in 0..<8 {
            for voice in voices.indices where voice % 97 == buffer {
                try mixer.setGain(unit() * 2, of: voices[voice], rampFrames: 100)
                try mixer.stop(voices[voice], atFrame: mixer.framesMixed + Int64(random.next() % 600))
            }
            output += try MixerFixture.mix(mixer, frames: 256)
        }
        return output
    }

    @Test func oneTwoAndThreeThreadsGiveTheSameBits() throws {
        let single = try Self.render(threads: 1)
        #expect(single.contains { $0 != 0 })
        for threads in [2, 3] {
            let parallel = try Self.render(threads: threads)
            #expect(parallel.map(\.bitPattern) == single.map(\.bitPattern), "threads: \(threads)")
        }
    }

    @Test func voicesSpreadOverTablesMixTheSameOnAnyThreadCount() throws {
        let single = try Self.render(threads: 1, taggedEvery: 3)
        #expect(try Self.render(threads: 3, taggedEvery: 3).map(\.bitPattern) == single.map(\.bitPattern))
        // Every voice is still heard: only the order of the sum changed.
        let untagged = try Self.render(threads: 1)
        #expect(zip(single, untagged).allSatisfy { abs($0 - $1) <= 1e-5 })
    }
}
