import Foundation
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Band-limited resampler")
struct ResamplerTests {
    /// Signal-to-noise ratio in dB of `frequency` Hz at `amplitude`, resampled from `input` to
    /// `output` Hz, against the exact sine at the output rate (the filter has no delay), over
    /// the frames at least 64 input frames from either end.
    static func snr(frequency: Double, amplitude: Double, from input: Int, to output: Int, seconds: Double = 1) throws -> Double {
        let frames = Int(Double(input) * seconds)
        let asset = try AudioAsset(
            interleaved: MixerFixture.sine(frequency: frequency, amplitude: amplitude, rate: input, frames: frames), channels: 1, sampleRate: input)
        let resampled = try PolyphaseFilter(inputRate: input, outputRate: output).resample(asset).interleavedSamples
        var signal = 0.0, noise = 0.0
        let margin = 64 * output / input + 1
        for frame in margin..<(resampled.count - margin) {
            let exact = amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(output))
            signal += exact * exact
            noise += (Double(resampled[frame]) - exact) * (Double(resampled[frame]) - exact)
        }
        return 10 * log10(signal / noise)
    }

    @Test func aOneKilohertzSineFrom44_1To48KilohertzKeepsEightyDecibels() throws {
        let snr = try Self.snr(frequency: 1_000, amplitude: 0.5, from: 44_100, to: 48_000)
        print("resampler SNR, 1 kHz sine 44.1 kHz -> 48 kHz: \(String(format: "%.1f", snr)) dB")
        #expect(snr >= 80)
    }

    @Test(arguments: [(48_000, 44_100), (22_050, 48_000), (96_000, 48_000)])
    func otherCommonRatesKeepEightyDecibels(rates: (Int, Int)) throws {
        #expect(try Self.snr(frequency: 1_000, amplitude: 0.5, from: rates.0, to: rates.1, seconds: 0.5) >= 80)
    }

    @Test func toneAboveTheOutputNyquistIsRemovedNotAliased() throws {
        // 23 kHz at 48 kHz in, 22.05 kHz out: above the output's Nyquist, so it must vanish.
        let asset = try AudioAsset(
            interleaved: MixerFixture.sine(frequency: 23_000, amplitude: 0.5, rate: 48_000, frames: 24_000), channels: 1, sampleRate: 48_000)
        let out = try PolyphaseFilter(inputRate: 48_000, outputRate: 44_100).resample(asset).interleavedSamples
        let middle = out[1_000..<(out.count - 1_000)]
        let rms = (middle.reduce(0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
        #expect(20 * log10(rms / (0.5 / 2.0.squareRoot())) <= -70)
    }

    @Test func phasesAndTapsFollowTheReducedRatio() throws {
        let up = try PolyphaseFilter(inputRate: 44_100, outputRate: 48_000)
        #expect(up.phases == 160)
        #expect(up.step == 147)
        #expect(up.taps == 24)
        #expect(up.outputFrames(forInput: 44_100) == 48_000)
        let down = try PolyphaseFilter(inputRate: 96_000, outputRate: 48_000)
        #expect(down.phases == 1)
        #expect(down.step == 2)
        #expect(down.taps == 96)
        let stereo = try AudioAsset(interleaved: [0.25, -0.25, 0.25, -0.25, 0.25, -0.25], channels: 2, sampleRate: 96_000)
        #expect(throws: AudioError.self) { try up.resample(stereo) }
        // A constant passes unchanged away from the edges: each phase sums to 1.
        let flat = try AudioAsset(interleaved: MixerFixture.constant(0.5, frames: 2_000), channels: 1, sampleRate: 44_100)
        let out = try up.resample(flat).interleavedSamples
        #expect(out[100..<(out.count - 100)].allSatisfy { abs($0 - 0.5) <= 1e-6 })
    }
}
