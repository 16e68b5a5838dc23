import Foundation
@testable import Audio
@testable import Platform
@testable import Render
import Audio

/// Signals and mixer set-ups shared by the mixer, voice and resampler tests.
enum MixerFixture {
    /// `frames` frames of a sine of `frequency` Hz and `amplitude` at `rate`, on every one of
    /// `channels` channels (channel `c` shifted by `c` radians so channels differ).
    static func sine(frequency: Double, amplitude: Double, rate: Int, frames: Int, channels: Int = 1) -> [Float] {
        var samples: [Float] = []
        samples.reserveCapacity(frames * channels)
        for frame in 0..<frames {
            for channel in 0..<channels {
                samples.append(Float(amplitude * sin(2 * Double.pi * frequency * Double(frame) / Double(rate) + Double(channel))))
            }
        }
        return samples
    }

    /// A constant signal.
    static func constant(_ value: Float, frames: Int, channels: Int = 1) -> [Float] {
        Array(repeating: value, count: frames * channels)
    }

    /// The mixer's next `frames` frames.
    static func mix(_ mixer: AudioMixer, frames: Int) throws -> [Float] {
        var buffer = [Float](repeating: 0, count: frames * mixer.format.channels)
        try mixer.mix(into: &buffer)
        return buffer
    }

    /// Channel `channel` of interleaved `samples` of `channels` channels.
    static func channel(_ channel: Int, of samples: [Float], channels: Int) -> [Float] {
        stride(from: channel, to: samples.count, by: channels).map { samples[$0] }
    }
}
