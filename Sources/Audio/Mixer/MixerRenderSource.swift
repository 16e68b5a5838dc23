import Platform

/// An ``AudioMixer`` as an ``AudioRenderSource``: an output that pulls (``ALSAOutput``,
/// ``RealTimeSink``) mixes each period on its own thread.
///
/// The mixer is kept behind a lock: the output's thread mixes under it, and other threads reach
/// the mixer through ``withMixer(_:)`` (to spawn, ramp and stop voices) between periods. A
/// period longer than the mixer's ``MixFormat/maxFrames`` is mixed in pieces of at most that
/// many frames, into the same bits as one mix of the whole period would give. The output's
/// channel count must be the mixer's; a buffer that does not hold `frameCount` frames of them, or
/// a mix that throws, fills nothing, which the output counts as an underrun.
public final class MixerRenderSource: AudioRenderSource {
    /// The mixer and the buffers a period in pieces is mixed through.
    private struct State {
        var mixer: AudioMixer
        /// ``MixFormat/maxFrames`` frames.
        var whole: [Float]
        /// The last piece of a period that is not a multiple of `maxFrames`.
        var rest: [Float] = []
    }

    private let state: Locked<State>

    /// A source that mixes with `mixer`, which it keeps.
    public init(mixer: sending AudioMixer) {
        let samples = mixer.format.maxFrames * mixer.format.channels
        state = Locked(State(mixer: mixer, whole: [Float](repeating: 0, count: samples)))
    }

    /// Runs `body` with the mixer, between the periods the output pulls, and returns its result.
    ///
    /// - Throws: what `body` throws.
    public func withMixer<Result: Sendable>(_ body: (AudioMixer) throws(AudioError) -> Result) throws(AudioError) -> Result {
        try state.withLock { (state: inout State) throws(AudioError) -> Result in try body(state.mixer) }
    }

    /// Mixes `frameCount` frames into the start of `buffer` and returns `frameCount`, or 0 when
    /// the buffer is too small or the mix fails.
    public func render(into buffer: inout [Float], frameCount: Int) -> Int {
        state.withLock { state in
            let format = state.mixer.format
            let channels = format.channels
            let needed = frameCount.multipliedReportingOverflow(by: channels)
            guard frameCount > 0, !needed.overflow, needed.partialValue <= buffer.count else { return 0 }
            do {
                if needed.partialValue == buffer.count, frameCount <= format.maxFrames {
                    try state.mixer.mix(into: &buffer)
                    return frameCount
                }
                var done = 0
                while done < frameCount {
                    let frames = min(format.maxFrames, frameCount - done)
                    if frames == format.maxFrames {
                        try state.mixer.mix(into: &state.whole)
                        Self.copy(state.whole, into: &buffer, at: done * channels)
                    } else {
                        if state.rest.count != frames * channels { state.rest = [Float](repeating: 0, count: frames * channels) }
                        try state.mixer.mix(into: &state.rest)
                        Self.copy(state.rest, into: &buffer, at: done * channels)
                    }
                    done += frames
                }
                return frameCount
            } catch {
                return 0
            }
        }
    }

    /// Copies `piece` into `buffer` from sample `offset` on.
    private static func copy(_ piece: [Float], into buffer: inout [Float], at offset: Int) {
        for index in piece.indices { buffer[offset + index] = piece[index] }
    }
}
