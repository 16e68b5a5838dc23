import Foundation
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Streaming resampler")
struct StreamResamplerTests {
    /// Everything readable in `ring`, interleaved.
    static func drain(_ ring: SampleRing) -> [Float] {
        var result: [Float] = []
        while true {
            let (input, count) = unsafe ring.readableRun(upTo: ring.capacity)
            guard count > 0 else { return result }
            result += unsafe Array(UnsafeBufferPointer(start: input, count: count * ring.channels))
            ring.consume(count)
        }
    }

    @Test("blocks of any size resample with the bits of the whole source at once",
          arguments: [(44_100, 48_000, 1), (44_100, 48_000, 2), (22_050, 48_000, 3), (96_000, 48_000, 2)])
    func blocksMatchTheWholeSource(setup: (input: Int, output: Int, channels: Int)) throws {
        let samples = ResamplerKernelTests.noise(frames: 5_000, channels: setup.channels, seed: UInt64(setup.input + setup.channels))
        let whole = try PolyphaseFilter(inputRate: setup.input, outputRate: setup.output)
            .resample(try AudioAsset(interleaved: samples, channels: setup.channels, sampleRate: setup.input))
        let resampler = try StreamResampler(inputRate: setup.input, outputRate: setup.output, channels: setup.channels, blockFrames: 700)
        let ring = SampleRing(channels: setup.channels, frames: 4 * resampler.maxOutputFrames)
        var streamed: [Float] = []
        var offset = 0
        for size in [1, 7, 700, 3, 256, 699, 700, 1_000] where offset < 5_000 {
            let frames = min(size, 700, 5_000 - offset)
            let block = Array(samples[(offset * setup.channels)..<((offset + frames) * setup.channels)])
            _ = unsafe block.withUnsafeBufferPointer { unsafe resampler.push($0, frames: frames, into: ring) }
            offset += frames
            streamed += Self.drain(ring)
        }
        while offset < 5_000 {
            let frames = min(700, 5_000 - offset)
            let block = Array(samples[(offset * setup.channels)..<((offset + frames) * setup.channels)])
            _ = unsafe block.withUnsafeBufferPointer { unsafe resampler.push($0, frames: frames, into: ring) }
            offset += frames
            streamed += Self.drain(ring)
        }
        resampler.finish(into: ring)
        streamed += Self.drain(ring)
        #expect(streamed.count == whole.frames * setup.channels)
        #expect(streamed.map(\.bitPattern) == whole.interleavedSamples.map(\.bitPattern))
    }

    /// The first `buffers` 512-frame buffers of a 48 kHz stereo mix, waiting for the streams
    /// before each as a real period would.
    static func mix(_ mixer: AudioMixer, buffers: Int) throws -> [Float] {
        var output: [Float] = []
        for _ in 0..<buffers {
            #expect(try mixer.waitForStreams(frames: 512))
            output += try MixerFixture.mix(mixer, frames: 512)
        }
        return output
    }

    @Test("a streamed 44.1 kHz file in a 48 kHz mix equals, bit for bit, the file played from memory", arguments: [1, 2])
    func streamedFileMatchesTheInMemoryVoice(channels: Int) throws {
        // 5,000 frames: three decode blocks, 5,443 output frames, then the end.
        let url = try WaveformTests.writeWAV(
            ResamplerKernelTests.noise(frames: 5_000, channels: channels, seed: 21).map { $0 * 0.5 }, channels: channels, rate: 44_100)
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = SndFileDecoder()
        let format = try MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512)
        let streaming = try AudioMixer(format: format, world: World())
        let streamed = try streaming.spawnStreamingVoice(url: url, decoder: decoder, gain: 0.5, pan: 0.3, startFrame: 77)
        let memory = try AudioMixer(format: format, world: World())
        try memory.spawnVoice(asset: try memory.addAsset(AudioAsset.decode(url: url, decoder: decoder)), gain: 0.5, pan: 0.3, startFrame: 77)
        let fromStream = try Self.mix(streaming, buffers: 12)
        let fromMemory = try Self.mix(memory, buffers: 12)
        #expect(fromStream.map(\.bitPattern) == fromMemory.map(\.bitPattern))
        #expect(fromStream[(2 * (77 + 5_442))...].contains { $0 != 0 })
        #expect(try streaming.playback(of: streamed).state == .stopped)
    }

    @Test("a looping 44.1 kHz stream wraps seamlessly: it equals the file repeated end to end, played from memory")
    func loopingStreamEqualsTheRepeatedFile() throws {
        let url = try WaveformTests.writeWAV(
            ResamplerKernelTests.noise(frames: 1_500, channels: 2, seed: 33).map { $0 * 0.5 }, channels: 2, rate: 44_100)
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = SndFileDecoder()
        let format = try MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512)
        let streaming = try AudioMixer(format: format, world: World())
        let voice = try streaming.spawnStreamingVoice(url: url, decoder: decoder, gain: 0.5, pan: -0.2, looping: true)
        // 16 buffers are 8,192 output frames, about 5 wraps of the 1,500 frames; 8 copies outlast them.
        let file = try AudioAsset.decode(url: url, decoder: decoder).interleavedSamples
        let repeated = try AudioAsset(interleaved: Array(Array(repeating: file, count: 8).joined()), channels: 2, sampleRate: 44_100)
        let memory = try AudioMixer(format: format, world: World())
        try memory.spawnVoice(asset: try memory.addAsset(repeated), gain: 0.5, pan: -0.2)
        let fromStream = try Self.mix(streaming, buffers: 16)
        let fromMemory = try Self.mix(memory, buffers: 16)
        #expect(fromStream.map(\.bitPattern) == fromMemory.map(\.bitPattern))
        #expect(try streaming.playback(of: voice).state == .playing)
    }

    @Test func tooManyChannelsAndFractionalRatesAreUnsupported() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512), world: World())
        let url = URL(fileURLWithPath: "/synthetic.wav")
        for settings in [SyntheticDecoder.Settings(channels: 65), SyntheticDecoder.Settings(sampleRate: 44_100.5)] {
            #expect {
                try mixer.spawnStreamingVoice(url: url, decoder: SyntheticDecoder(settings))
            } throws: { error in
                guard case .unsupported = error as? AudioError else { return false }
                return true
            }
        }
        #expect(mixer.voiceCount == 0)
        #expect(mixer.assetCount == 0)
    }
}
