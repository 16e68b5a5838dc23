/// The component holding a voice's state and its sample-accurate start and stop: the voice is
/// heard from mixer frame ``startFrame`` (inclusive) to ``stopFrame`` (exclusive), wherever
/// they fall inside a buffer.
public struct VoicePlayback: Sendable, Equatable {
    /// Playing or stopped.
    public internal(set) var state: VoiceState
    /// The mixer frame the voice starts at.
    public let startFrame: Int64
    /// The mixer frame the voice stops at (`Int64.max`: when its asset ends).
    public internal(set) var stopFrame: Int64

    /// A voice playing from `startFrame` with no stop scheduled.
    init(startFrame: Int64) {
        state = .playing
        self.startFrame = startFrame
        stopFrame = .max
    }
}
