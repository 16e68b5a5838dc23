import SIMDKernels
import ECS
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Resampling kernels")
struct ResamplerKernelTests {
    /// Upsampling (24 taps, the unrolled loops) and downsampling (56 and 96 taps).
    static let rates = [(44_100, 48_000), (48_000, 44_100), (96_000, 48_000)]

    /// `frames` frames of seeded noise on `channels` channels.
    static func noise(frames: Int, channels: Int, seed: UInt64) -> [Float] {
        var random = SplitMix64(seed: seed)
        return (0..<frames * channels).map { _ in Float.random(in: -1...1, using: &random) }
    }

    /// `samples` behind and ahead of `padding` frames of silence, and a pointer to frame 0.
    static func withPadded<Result>(
        _ samples: [Float], channels: Int, padding: Int, _ body: (UnsafePointer<Float>) -> Result
    ) -> Result {
        let silence = [Float](repeating: 0, count: padding * channels)
        let padded = silence + samples + silence
        return padded.withUnsafeBufferPointer { body($0.baseAddress! + padding * channels) }
    }

    @Test("both kernels give the reference's bits on every instruction set, and leave the position where stepping does",
          arguments: rates, [1, 2])
    func kernelsMatchTheReference(rates: (Int, Int), channels: Int) throws {
        let filter = try PolyphaseFilter(inputRate: rates.0, outputRate: rates.1)
        let samples = Self.noise(frames: 400, channels: channels, seed: UInt64(rates.0 + channels))
        let reference = ResamplerReference(filter, samples: samples, channels: channels)
        let start = (cursor: 3, phase: filter.phases - 1)
        let count = filter.view.framesBefore(400, from: AudioResamplePosition(cursor: start.cursor, phase: start.phase))
        let expected = reference.frames(count, cursor: start.cursor, phase: start.phase, looping: false)
        var end = start
        for _ in 0..<count { end = reference.advanced(cursor: end.cursor, phase: end.phase) }
        let (left, right) = (Float(0.75), Float(-0.3125))
        let bus = (0..<2 * count).map { Float($0 % 7) * 0.125 }
        var tables = filter.view.tables
        for set in KernelInstructionSet.allCases where set.isSupported {
            var frames = [Float](repeating: .nan, count: count * channels)
            var mixed = bus
            var written = AudioResamplePosition(cursor: start.cursor, phase: start.phase)
            var added = written
            Self.withPadded(samples, channels: channels, padding: AudioAsset.paddingFrames) { source in
                audio_resample_frames(set.kernelISA, &tables, source, channels, &written, count, &frames)
                audio_resample_mix_stereo(set.kernelISA, &tables, source, channels, &added, count, left, right, &mixed)
            }
            let got = (0..<count).map { channels == 2 ? SIMD2(frames[2 * $0], frames[2 * $0 + 1]) : SIMD2(repeating: frames[$0]) }
            #expect(got.map { $0.x.bitPattern } == expected.map { $0.x.bitPattern }, "\(set)")
            #expect(got.map { $0.y.bitPattern } == expected.map { $0.y.bitPattern }, "\(set)")
            let expectedMix = (0..<2 * count).map { bus[$0] + ($0 % 2 == 0 ? left * expected[$0 / 2].x : right * expected[$0 / 2].y) }
            #expect(mixed.map(\.bitPattern) == expectedMix.map(\.bitPattern), "\(set)")
            for position in [written, added] {
                #expect(position.cursor == end.cursor && position.phase == end.phase, "\(set)")
            }
        }
    }

    @Test("a run of no frames writes nothing and keeps the position")
    func anEmptyRunIsANoOp() throws {
        var tables = try PolyphaseFilter(inputRate: 44_100, outputRate: 48_000).view.tables
        for set in KernelInstructionSet.allCases where set.isSupported {
            var position = AudioResamplePosition(cursor: 0, phase: 7)
            var output: [Float] = [1, 2]
            Self.withPadded([1, 1], channels: 2, padding: AudioAsset.paddingFrames) { source in
                audio_resample_mix_stereo(set.kernelISA, &tables, source, 2, &position, 0, 1, 1, &output)
                audio_resample_frames(set.kernelISA, &tables, source, 1, &position, 0, &output)
            }
            #expect(output == [1, 2] && position.cursor == 0 && position.phase == 7)
        }
    }

    @Test("the frames before a source's end are those whose cursor stays inside it", arguments: rates)
    func framesBeforeTheEndMatchStepping(rates: (Int, Int)) throws {
        let filter = try PolyphaseFilter(inputRate: rates.0, outputRate: rates.1)
        let reference = ResamplerReference(filter, samples: [], channels: 1)
        for end in [0, 1, 2, 5, 33] {
            for cursor in [0, 1, 4, 33, 40] {
                for phase in Set([0, 1, filter.phases / 2, filter.phases - 1]) where phase < filter.phases {
                    var stepped = 0
                    var position = (cursor: cursor, phase: phase)
                    while position.cursor < end {
                        position = reference.advanced(cursor: position.cursor, phase: position.phase)
                        stepped += 1
                    }
                    let frames = filter.view.framesBefore(end, from: AudioResamplePosition(cursor: cursor, phase: phase))
                    #expect(frames == stepped, "end \(end) cursor \(cursor) phase \(phase)")
                }
            }
        }
    }

    /// The first `buffers × frames` frames of one voice on `asset` (44.1 kHz into 48 kHz
    /// stereo) mixed `frames` at a time, a gain ramp starting after the first buffer when
    /// `rampTo` is set.
    static func mixVoice(
        _ asset: AudioAsset, pan: Float, looping: Bool, buffers: Int, frames: Int, rampTo: (gain: Float, frames: Int)? = nil
    ) throws -> [Float] {
        let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: frames), world: World())
        let voice = try mixer.spawnVoice(asset: try mixer.addAsset(asset), gain: 0.5, pan: pan, looping: looping)
        var output: [Float] = []
        for buffer in 0..<buffers {
            if buffer == 1, let rampTo { try mixer.setGain(rampTo.gain, of: voice, rampFrames: rampTo.frames) }
            output += try MixerFixture.mix(mixer, frames: frames)
        }
        return output
    }

    @Test("a looping voice wraps at the source's end with its phase, whatever the buffer size, with the reference's bits",
          arguments: [1, 2])
    func loopingVoiceMatchesTheReferenceAtEveryBufferSize(channels: Int) throws {
        let samples = Self.noise(frames: 301, channels: channels, seed: 9)
        let asset = try AudioAsset(interleaved: samples, channels: channels, sampleRate: 44_100)
        let reference = ResamplerReference(try PolyphaseFilter(inputRate: 44_100, outputRate: 48_000), samples: samples, channels: channels)
        let pan = VoicePan(0.25)
        // Over four wraps of the 301 frames (about 328 output frames each).
        let expected = reference.frames(1_320, looping: true).flatMap { [0 + 0.5 * pan.left * $0.x, 0 + 0.5 * pan.right * $0.y] }
        for frames in [1, 33, 330, 1_320] {
            let mixed = try Self.mixVoice(asset, pan: 0.25, looping: true, buffers: 1_320 / frames, frames: frames)
            #expect(mixed.map(\.bitPattern) == expected.map(\.bitPattern), "\(frames)-frame buffers")
        }
    }

    @Test("a gain ramp mixes frame by frame, then the run at the ramp's end gain goes on with the same bits")
    func rampThenSteadyMatchTheReference() throws {
        let samples = Self.noise(frames: 700, channels: 2, seed: 11)
        let asset = try AudioAsset(interleaved: samples, channels: 2, sampleRate: 44_100)
        let reference = ResamplerReference(try PolyphaseFilter(inputRate: 44_100, outputRate: 48_000), samples: samples, channels: 2)
        let pan = VoicePan(-0.5)
        var gain = VoiceGain(0.5)
        var expected: [Float] = []
        for (index, frame) in reference.frames(800, looping: false).enumerated() {
            if index == 200 { gain.ramp(to: 0.875, over: 130) }
            let g = gain.rampFrames > 0 ? gain.advance() : gain.current
            expected += [0 + g * pan.left * frame.x, 0 + g * pan.right * frame.y]
        }
        let mixed = try Self.mixVoice(asset, pan: -0.5, looping: false, buffers: 4, frames: 200, rampTo: (0.875, 130))
        #expect(mixed.map(\.bitPattern) == expected.map(\.bitPattern))
        // The source's 700 frames make 762 output frames; the voice is silent after them.
        let end = 2 * (try PolyphaseFilter(inputRate: 44_100, outputRate: 48_000)).outputFrames(forInput: 700)
        #expect(end == 2 * 762)
        #expect(mixed[end...].allSatisfy { $0 == 0 })
        #expect(mixed[(end - 2)..<end].contains { $0 != 0 })
    }
}
