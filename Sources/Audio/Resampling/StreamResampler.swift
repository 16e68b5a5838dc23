import ECS
import Platform
import SIMDKernels

/// Converts a stream decoded block by block to another rate with the bits of resampling the
/// whole stream at once (``PolyphaseFilter/resample(_:)``, or the mixer's in-memory voices):
/// it keeps the last taps of input between blocks and the filter's phase between calls, reads
/// silence before the first frame, and silence after the last once ``finish(into:)`` is called.
/// A looping stream just pushes its start again after its end, so the taps across the loop
/// point read the end followed by the start. Used by one thread at a time.
@safe
final class StreamResampler {
    /// The filter; its tables back ``view``.
    let filter: PolyphaseFilter
    /// Interleaved channels per frame.
    let channels: Int
    /// Most input frames one ``push(_:frames:into:)`` takes.
    let blockFrames: Int
    /// Most output frames one ``push(_:frames:into:)`` or ``finish(into:)`` writes.
    let maxOutputFrames: Int
    /// The input not yet fully read: window frame `c` is the first tap of the output frame at
    /// relative cursor `c`.
    private var window: [Float]
    /// Frames held in ``window``.
    private var held: Int
    /// The next output frame's cursor (relative to ``window``) and phase.
    private var position = AudioResamplePosition(cursor: 0, phase: 0)
    /// The resampled frames of one call.
    private var output: [Float]
    /// The instruction set of the resampling kernel.
    private let kernels: KernelInstructionSet

    /// A resampler of `channels` channels from `inputRate` to `outputRate` taking blocks of up
    /// to `blockFrames` frames, on `kernels`.
    /// - Throws: The errors of ``PolyphaseFilter/init(inputRate:outputRate:)``.
    init(inputRate: Int, outputRate: Int, channels: Int, blockFrames: Int, kernels: KernelInstructionSet = .best) throws(AudioError) {
        filter = try PolyphaseFilter(inputRate: inputRate, outputRate: outputRate)
        self.kernels = kernels
        self.channels = channels
        self.blockFrames = blockFrames
        let taps = filter.taps
        maxOutputFrames = filter.outputFrames(forInput: blockFrames + taps) + 1
        // The silence before frame 0: the first output frame's taps start `taps/2 - 1` early.
        held = taps / 2 - 1
        window = [Float](repeating: 0, count: (blockFrames + 2 * taps) * channels)
        output = [Float](repeating: 0, count: maxOutputFrames * channels)
    }

    /// Resamples the `frames` frames at the start of `input` (at most ``blockFrames``) after
    /// those pushed before, writes every output frame whose taps they complete to `ring`, and
    /// returns how many it wrote; the ring must have room for ``maxOutputFrames``.
    @discardableResult
    func push(_ input: UnsafeBufferPointer<Float>, frames: Int, into ring: SampleRing) -> Int {
        let frames = min(frames, blockFrames, input.count / channels)
        // SAFETY: the window keeps at most `taps` frames after `compact`, so `held + frames`
        // fits its `blockFrames + 2 × taps` frames; the source range is inside `input`.
        unsafe window.withUnsafeMutableBufferPointer { window in
            unsafe (window.baseAddress.unsafelyUnwrapped + held * channels).update(
                from: input.baseAddress.unsafelyUnwrapped, count: frames * channels)
        }
        held += frames
        return emit(before: held - filter.taps + 1, into: ring)
    }

    /// Ends the stream: the input after the last frame pushed reads as silence; writes the
    /// frames left up to the end (as many as resampling the whole stream makes) to `ring`
    /// and returns how many.
    @discardableResult
    func finish(into ring: SampleRing) -> Int {
        let lead = filter.taps / 2 - 1
        // The cursor of the input's end, relative to the window.
        let end = held - lead
        for index in (held * channels)..<((held + filter.taps / 2) * channels) { window[index] = 0 }
        held += filter.taps / 2
        return emit(before: end, into: ring)
    }

    /// Writes the output frames whose cursor is before `end` to `ring`, then drops the input
    /// no later frame reads.
    private func emit(before end: Int, into ring: SampleRing) -> Int {
        let view = filter.view
        let count = view.framesBefore(end, from: position)
        let lead = filter.taps / 2 - 1
        if count > 0 {
            // SAFETY: `source` is window frame `lead`, so each output frame at relative cursor
            // `c < end` reads window frames `c..<c + taps`, inside the `held` frames; the output
            // holds `maxOutputFrames ≥ count` frames.
            unsafe window.withUnsafeBufferPointer { window in
                unsafe output.withUnsafeMutableBufferPointer { output in
                    unsafe view.resampleAnyChannels(
                        window.baseAddress.unsafelyUnwrapped + lead * channels, channels: channels, from: &position,
                        count: count, into: output.baseAddress.unsafelyUnwrapped, on: kernels.kernelISA)
                }
            }
            _ = unsafe output.withUnsafeBufferPointer { unsafe ring.write($0, frames: count) }
        }
        let drop = min(position.cursor, held)
        if drop > 0 {
            unsafe window.withUnsafeMutableBufferPointer { window in
                // SAFETY: both ranges are inside the window's `held` frames.
                unsafe window.baseAddress.unsafelyUnwrapped.update(
                    from: window.baseAddress.unsafelyUnwrapped + drop * channels, count: (held - drop) * channels)
            }
            held -= drop
            position.cursor -= drop
        }
        return count
    }
}
