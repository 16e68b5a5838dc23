/// The component holding a voice's gain and its smoothing: a change of gain moves linearly to
/// its target over a ramp of frames, so no frame-to-frame step exceeds
/// `|target - start| / rampFrames` and a change never clicks.
public struct VoiceGain: Sendable, Equatable {
    /// The gain applied to the last mixed frame.
    public internal(set) var current: Float
    /// The gain the ramp ends at.
    public internal(set) var target: Float
    /// The gain the ramp started from.
    var start: Float
    /// Change per frame while the ramp runs.
    var step: Float
    /// Frames of the whole ramp.
    var rampLength: Int
    /// Frames left in the ramp (0: the gain is constant at ``target``).
    public internal(set) var rampFrames: Int

    /// A constant gain.
    init(_ gain: Float) {
        current = gain
        target = gain
        start = gain
        step = 0
        rampLength = 0
        rampFrames = 0
    }

    /// Starts a ramp from the current gain to `target` over `frames` frames (at once for 0).
    mutating func ramp(to target: Float, over frames: Int) {
        self.target = target
        if frames == 0 || current == target {
            current = target
            step = 0
            rampFrames = 0
        } else {
            start = current
            step = (target - current) / Float(frames)
            rampLength = frames
            rampFrames = frames
        }
    }

    /// Advances the ramp by one frame and returns the gain for that frame: the start plus the
    /// steps so far, computed afresh each frame so rounding does not accumulate.
    @inline(__always)
    mutating func advance() -> Float {
        rampFrames -= 1
        current = rampFrames == 0 ? target : start + step * Float(rampLength - rampFrames)
        return current
    }
}
