#if canImport(CALSA)
/// What an ALSA device agreed to play: the values ``ALSAOutput/configure(sampleRate:channels:framesPerBuffer:)``
/// negotiated (`snd_pcm_hw_params_set_period_size_near` and `…_buffer_size_near`).
public struct ALSASetup: Sendable, Equatable {
    /// The encoding the samples are written in.
    public let sampleFormat: ALSASampleFormat
    /// Interleaved channels.
    public let channels: Int
    /// Frames per second.
    public let sampleRate: Int
    /// Frames per period: the output writes one period at a time.
    public let periodFrames: Int
    /// Frames the device's ring buffer holds, at least two periods.
    public let bufferFrames: Int

    /// Bytes of one interleaved frame.
    public var bytesPerFrame: Int { channels * sampleFormat.bytesPerSample }

    /// The length of one period in nanoseconds (at least 1).
    public var periodNanoseconds: UInt64 {
        UInt64(max(1, (Double(periodFrames) / Double(sampleRate) * 1e9).rounded()))
    }
}
#endif
