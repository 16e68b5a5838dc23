@testable import Audio
@testable import Platform
@testable import Render
import Audio

/// The resampler's documented arithmetic written out one lane at a time: a frame's products
/// summed in 16 lanes for stereo (8 for mono), a chunk of lanes after another, folded by
/// halves; the cursor and phase stepped one output frame at a time, and a looping source
/// wrapped to frame 0 with its phase kept. Samples outside the source read as silence, or, for
/// a looping source, as the source repeated.
struct ResamplerReference {
    /// The filter's coefficients, `phases × taps`.
    let coefficients: [Float]
    /// Phases per input frame, phases per output frame and taps per phase.
    let phases: Int, step: Int, taps: Int
    /// The source, interleaved.
    let samples: [Float]
    /// Channels of the source (1 or 2).
    let channels: Int

    /// The reference of `filter` over `samples`.
    init(_ filter: PolyphaseFilter, samples: [Float], channels: Int) {
        coefficients = Array(filter.mono)
        phases = filter.phases
        step = filter.step
        taps = filter.taps
        self.samples = samples
        self.channels = channels
    }

    /// Frames in the source.
    var frames: Int { samples.count / channels }

    /// Sample `channel` of input frame `frame`: outside the source 0, or when `circular` the
    /// sample of the frame's place in the repeated source.
    func sample(_ frame: Int, _ channel: Int, circular: Bool = false) -> Float {
        if circular { return samples[((frame % frames + frames) % frames) * channels + channel] }
        return frames > frame && frame >= 0 ? samples[frame * channels + channel] : 0
    }

    /// `(left, right)` at `cursor` and `phase` (a mono sample in both), reading the source
    /// repeated when `circular`.
    func frame(cursor: Int, phase: Int, circular: Bool = false) -> SIMD2<Float> {
        let first = cursor + 1 - taps / 2
        let width = channels == 2 ? 16 : 8
        var lanes = [Float](repeating: 0, count: width)
        // Stereo interleaves the channels, so lane `l` of chunk `k` is tap `8k + l / 2`.
        for chunk in stride(from: 0, to: channels * taps, by: width) {
            for lane in 0..<width {
                let index = chunk + lane
                let tap = index / channels
                let product = coefficients[phase * taps + tap] * sample(first + tap, index % channels, circular: circular)
                lanes[lane] = lanes[lane] + product
            }
        }
        while lanes.count > (channels == 2 ? 2 : 1) {
            let half = lanes.count / 2
            lanes = (0..<half).map { lanes[$0] + lanes[$0 + half] }
        }
        return channels == 2 ? SIMD2(lanes[0], lanes[1]) : SIMD2(repeating: lanes[0])
    }

    /// `(cursor, phase)` one output frame on.
    func advanced(cursor: Int, phase: Int) -> (cursor: Int, phase: Int) {
        var (cursor, phase) = (cursor, phase + step)
        while phase >= phases {
            phase -= phases
            cursor += 1
        }
        return (cursor, phase)
    }

    /// `count` output frames from `(cursor, phase)` of a source that loops (and reads its end
    /// followed by its start across the loop point), or falls silent after its end.
    func frames(_ count: Int, cursor: Int = 0, phase: Int = 0, looping: Bool) -> [SIMD2<Float>] {
        var (cursor, phase) = (cursor, phase)
        var result: [SIMD2<Float>] = []
        for _ in 0..<count {
            if cursor >= frames {
                guard looping else {
                    result.append(SIMD2())
                    continue
                }
                cursor = 0
            }
            result.append(frame(cursor: cursor, phase: phase, circular: looping))
            (cursor, phase) = advanced(cursor: cursor, phase: phase)
        }
        return result
    }
}
