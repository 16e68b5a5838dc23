import Foundation
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Sample ring")
struct SampleRingTests {
    @Test func aProducerAndAConsumerThreadPassEveryFrameOnceInOrder() async throws {
        let ring = SampleRing(channels: 2, frames: 100)
        #expect(ring.capacity == 128)
        let total = 200_000
        let producer = Task.detached {
            var next = 0
            var block = [Float](repeating: 0, count: 2 * 37)
            while next < total {
                let frames = min(37, total - next)
                for frame in 0..<frames {
                    block[2 * frame] = Float(next + frame)
                    block[2 * frame + 1] = -Float(next + frame)
                }
                // SAFETY: the block holds `frames` frames, borrowed for the call.
                next += unsafe block.withUnsafeBufferPointer { unsafe ring.write($0, frames: frames) }
                if ring.writableFrames == 0 { await Task.yield() }
            }
            ring.end()
        }
        var expected = 0
        var mismatches = 0
        while !ring.isDrained {
            let (run, count) = unsafe ring.readableRun(upTo: 53)
            for frame in 0..<count {
                if unsafe run[2 * frame] != Float(expected) || run[2 * frame + 1] != -Float(expected) { mismatches += 1 }
                expected += 1
            }
            ring.consume(count)
            if count == 0 { await Task.yield() }
        }
        await producer.value
        #expect(expected == total)
        #expect(mismatches == 0)
    }
}

@Suite("Streaming voices")
struct VoiceStreamingTests {
    /// A mono WAV of the ramp 1, 2, … `frames` (in 1/32768 steps, exact in 16 bits) at 48 kHz.
    static func rampFile(frames: Int) throws -> URL {
        try WaveformTests.writeWAV((1...frames).map { Float($0) / 32_768 }, channels: 1, rate: 48_000)
    }

    @Test func aStreamingVoiceMixesLikeTheSameFileInMemory() throws {
        let url = try Self.rampFile(frames: 6_000)
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = SndFileDecoder()
        let streaming = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512), world: World())
        let streamed = try streaming.spawnStreamingVoice(url: url, decoder: decoder, gain: 0.5, pan: 0.3, startFrame: 77)
        let memory = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512), world: World())
        let asset = try memory.addAsset(AudioAsset.decode(url: url, decoder: decoder))
        try memory.spawnVoice(asset: asset, gain: 0.5, pan: 0.3, startFrame: 77)
        // The first fill decodes 8,192 frames ahead, more than these four buffers need.
        for _ in 0..<4 {
            #expect(try MixerFixture.mix(streaming, frames: 512) == MixerFixture.mix(memory, frames: 512))
        }
        try streaming.removeVoice(streamed)
        #expect(streaming.assetCount == 0)
    }

    @Test func aStreamStopsAtTheEndOfItsFileAndALoopingOneStartsOver() throws {
        let url = try Self.rampFile(frames: 1_000)
        defer { try? FileManager.default.removeItem(at: url) }
        let mixer = try AudioMixer(format: MixFormat(channels: 1, sampleRate: 48_000, maxFrames: 512), world: World())
        let once = try mixer.spawnStreamingVoice(url: url, decoder: SndFileDecoder())
        var out = try MixerFixture.mix(mixer, frames: 512) + MixerFixture.mix(mixer, frames: 512)
        #expect(out[999] == Float(1_000) / 32_768)
        #expect(out[1_000...].allSatisfy { $0 == 0 })
        #expect(try mixer.playback(of: once).state == .stopped)
        #expect(try mixer.removeStoppedVoices() == 1)

        let looping = try mixer.spawnStreamingVoice(url: url, decoder: SndFileDecoder(), looping: true)
        out = []
        for _ in 0..<12 {
            // Let the worker decode ahead, as a real period would.
            #expect(try mixer.waitForStreams(frames: 512))
            out += try MixerFixture.mix(mixer, frames: 512)
        }
        for (index, sample) in out.enumerated() where sample != Float(index % 1_000 + 1) / 32_768 {
            Issue.record("frame \(index): \(sample)")
            break
        }
        #expect(try mixer.playback(of: looping).state == .playing)
        #expect(throws: AudioError.self) { try mixer.waitForStreams(frames: 513) }
    }

    @Test func missingFilesAndBadGainsAreTypedErrorsAndOtherRatesPlay() throws {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 44_100, maxFrames: 512), world: World())
        #expect(throws: AudioError.self) {
            try mixer.spawnStreamingVoice(url: URL(fileURLWithPath: "/nonexistent/a.wav"), decoder: SndFileDecoder())
        }
        let url = try Self.rampFile(frames: 100)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: AudioError.self) { try mixer.spawnStreamingVoice(url: url, decoder: SndFileDecoder(), gain: .nan) }
        #expect(mixer.voiceCount == 0)
        #expect(mixer.assetCount == 0)
        // A 48 kHz file in the 44.1 kHz mix is resampled, not refused.
        let voice = try mixer.spawnStreamingVoice(url: url, decoder: SndFileDecoder())
        #expect(try mixer.waitForStreams(frames: 512))
        #expect(try MixerFixture.mix(mixer, frames: 512).contains { $0 != 0 })
        try mixer.removeVoice(voice)
        #expect(mixer.assetCount == 0)
    }
}
