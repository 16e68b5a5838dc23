/// Where decoded audio goes.
///
/// Buffers are interleaved Float32 in [−1, 1] with the configured channel count.
public protocol AudioOutputPort: AnyObject, Sendable {
    /// Sets the format of the buffers that ``render(_:frameCount:)`` accepts.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a rate that is not finite and positive,
    ///   fewer than 1 channel, or fewer than 1 frame per buffer.
    func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError)

    /// Starts consuming buffers.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` before ``configure(sampleRate:channels:framesPerBuffer:)``,
    ///   ``AudioError/ioError(_:underlying:)`` when the device or file cannot be opened.
    func start() throws(AudioError)

    /// Stops consuming buffers; buffers already accepted are finished (a file is completed).
    func stop()

    /// Drops every buffer accepted but not yet played, for a seek.
    func flush()

    /// Sets the gain applied to later buffers, clamped to [0, 1]; NaN is treated as 0.
    func setVolume(_ volume: Float)

    /// Queues the first `frameCount` frames of `samples` and returns how many frames it accepted.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` when `samples` holds fewer than
    ///   `frameCount × channels` values, ``AudioError/invalidState(_:)`` when not started,
    ///   ``AudioError/ioError(_:underlying:)`` when writing fails.
    func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int
}
