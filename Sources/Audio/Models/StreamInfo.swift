/// What a decoder reports about an open stream.
public struct StreamInfo: Sendable, Equatable {
    /// The length in seconds: counted from the frames actually decoded when the header's count
    /// cannot be trusted.
    public var duration: Double
    /// Frames per second.
    public var sampleRate: Double
    /// Interleaved channels per frame.
    public var channels: Int
    /// Bits per sample of the source encoding (16 for lossy codecs, whose depth is nominal).
    public var bitDepth: Int

    /// Creates stream information; call ``validate()`` to check it.
    public init(duration: Double, sampleRate: Double, channels: Int, bitDepth: Int) {
        self.duration = duration
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitDepth = bitDepth
    }

    /// Checks `duration ≥ 0`, `sampleRate > 0`, `channels ≥ 1` and `bitDepth ≥ 8` (all finite).
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` naming the first field that fails.
    public func validate() throws(AudioError) {
        guard duration.isFinite, duration >= 0 else {
            throw .invalidArgument("duration \(duration) s is not a finite value ≥ 0")
        }
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw .invalidArgument("sample rate \(sampleRate) Hz is not a finite value > 0")
        }
        guard channels >= 1 else { throw .invalidArgument("channel count \(channels) is below 1") }
        guard bitDepth >= 8 else { throw .invalidArgument("bit depth \(bitDepth) is below 8") }
    }
}
