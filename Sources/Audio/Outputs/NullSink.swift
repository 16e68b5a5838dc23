import Platform
/// An output that accepts and discards every buffer, counting the frames it was given.
public final class NullSink: AudioOutputPort {
    /// What the sink has seen.
    private struct State {
        var format: AudioOutputFormat?
        var running = false
        var frames = 0
        var volume: Float = 1
    }

    private let state = Locked(State())

    /// Creates an unconfigured sink.
    public init() {}

    /// Frames accepted since creation.
    public var framesRendered: Int { state.withLock { $0.frames } }

    /// The gain last set, in [0, 1].
    public var volume: Float { state.withLock { $0.volume } }

    /// Checks and keeps the format.
    public func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        let format = try AudioOutputFormat(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
        state.withLock { $0.format = format }
    }

    /// Starts accepting buffers.
    public func start() throws(AudioError) {
        try state.withLock { state throws(AudioError) in
            guard state.format != nil else { throw .invalidState("the null sink is not configured") }
            state.running = true
        }
    }

    /// Stops accepting buffers.
    public func stop() {
        state.withLock { $0.running = false }
    }

    /// Nothing is queued, so nothing is dropped.
    public func flush() {}

    /// Keeps the gain, clamped to [0, 1] with NaN as 0.
    public func setVolume(_ volume: Float) {
        state.withLock { $0.volume = volume.isNaN ? 0 : min(max(volume, 0), 1) }
    }

    /// Counts and discards `frameCount` frames.
    public func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        try state.withLock { state throws(AudioError) -> Int in
            guard let format = state.format, state.running else { throw .invalidState("the null sink is not started") }
            _ = try format.sampleCount(of: samples, frameCount: frameCount)
            state.frames += frameCount
            return frameCount
        }
    }
}
