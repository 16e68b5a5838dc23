/// Levels of the last mixed buffer, per output channel: the peak (largest magnitude) and the
/// RMS (square root of the mean square) of the channel's samples.
public struct MixMeters: Sendable, Equatable {
    /// Peak of each channel.
    public internal(set) var peak: [Float]
    /// RMS of each channel.
    public internal(set) var rms: [Float]

    /// Silent meters for `channels` channels.
    init(channels: Int) {
        peak = Array(repeating: 0, count: channels)
        rms = Array(repeating: 0, count: channels)
    }

    /// Measures `frames` interleaved frames of `buffer`, in place (no allocation).
    mutating func measure(_ buffer: UnsafeBufferPointer<Float>, frames: Int) {
        let channels = peak.count
        for channel in 0..<channels {
            var largest: Float = 0
            var squares: Float = 0
            var index = channel
            for _ in 0..<frames {
                // SAFETY: `index` stays below `frames * channels`, the buffer's count.
                let sample = unsafe buffer[index]
                largest = max(largest, abs(sample))
                squares += sample * sample
                index += channels
            }
            peak[channel] = largest
            rms[channel] = frames == 0 ? 0 : (squares / Float(frames)).squareRoot()
        }
    }
}
