/// What ``AudioPlugin``'s mix system produced: the last mixed buffer, how many buffers the last
/// frame mixed and the time owed to the next buffer. A resource of the app's world.
public final class AudioMixOutput {
    /// The last mixed buffer: ``MixFormat/maxFrames`` interleaved frames.
    public internal(set) var buffer: [Float]
    /// Buffers mixed by the last frame.
    public internal(set) var buffersLastFrame = 0
    /// Buffers mixed since the app started.
    public internal(set) var buffersMixed = 0
    /// Output frames owed by the frames' time and not mixed yet (less than one buffer).
    public internal(set) var framesOwed = 0.0
    /// Where each buffer goes after it is mixed, if anywhere.
    public let sink: (any AudioOutputPort)?

    /// An output for `format`, passing buffers to `sink`.
    init(format: MixFormat, sink: (any AudioOutputPort)?) {
        buffer = [Float](repeating: 0, count: format.maxFrames * format.channels)
        self.sink = sink
    }
}
