import SIMDKernels

/// The coefficient tables of a ``PolyphaseFilter`` as the mix loop reads them: plain pointers
/// and sizes, valid while the filter lives.
@safe
struct PolyphaseView {
    /// The tables and sizes as the resampling kernels take them.
    let tables: AudioPolyphaseTables

    /// Phases per input frame.
    var phases: Int { unsafe tables.phases }
    /// Phases advanced per output frame.
    var step: Int { unsafe tables.step }
    /// Coefficients per phase, a multiple of 8.
    var taps: Int { unsafe tables.taps }

    /// The first input frame a phase's taps read, relative to the cursor.
    var firstTapOffset: Int { 1 - taps / 2 }

    /// Output frames read from `position` on before its cursor reaches input frame `end`:
    /// the `n` with `phase + n · step < (end - cursor) · phases`, none when the cursor is there.
    func framesBefore(_ end: Int, from position: AudioResamplePosition) -> Int {
        let phasesLeft = (end - position.cursor) * phases - position.phase
        return phasesLeft > 0 ? (phasesLeft + step - 1) / step : 0
    }

    /// Writes `count` frames of the mono or stereo source whose frame 0 is at `source`, read
    /// from `position` on, to `frames` (`count × channels` samples), and moves `position` past
    /// them; the reads must stay inside the source's padding.
    @inline(__always)
    func resample(
        _ source: UnsafePointer<Float>, channels: Int, from position: inout AudioResamplePosition, count: Int,
        into frames: UnsafeMutablePointer<Float>, on isa: KernelISA
    ) {
        unsafe withUnsafePointer(to: tables) { tables in
            unsafe audio_resample_frames(isa, tables, source, channels, &position, count, frames)
        }
    }

    /// Writes `count` frames of the source of any channel count whose frame 0 is at `source`,
    /// read from `position` on, to `frames` (`count × channels` samples), and moves `position`
    /// past them: mono and stereo through the kernel, more channels one sum at a time.
    func resampleAnyChannels(
        _ source: UnsafePointer<Float>, channels: Int, from position: inout AudioResamplePosition, count: Int,
        into frames: UnsafeMutablePointer<Float>, on isa: KernelISA
    ) {
        guard count > 0 else { return }
        if channels <= 2 {
            unsafe resample(source, channels: channels, from: &position, count: count, into: frames, on: isa)
            return
        }
        for frame in 0..<count {
            let input = unsafe source + (position.cursor + firstTapOffset) * channels
            for index in 0..<channels {
                unsafe frames[frame * channels + index] = channel(input, channels: channels, channel: index, phase: position.phase)
            }
            advance(&position)
        }
    }

    /// One frame of the mono or stereo source whose frame 0 is at `source`, read at `position`,
    /// as (left, right) (a mono sample in both); moves `position` past it.
    @inline(__always)
    func frame(_ source: UnsafePointer<Float>, channels: Int, at position: inout AudioResamplePosition, on isa: KernelISA) -> SIMD2<Float> {
        var frame = SIMD2<Float>()
        unsafe withUnsafeMutableBytes(of: &frame) { bytes in
            unsafe resample(
                source, channels: channels, from: &position, count: 1,
                into: bytes.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: Float.self), on: isa)
        }
        return channels == 2 ? frame : SIMD2(repeating: frame.x)
    }

    /// Adds `count` frames of the mono or stereo source whose frame 0 is at `source`, read from
    /// `position` on, to the stereo `output`, the left samples times `left` and the right times
    /// `right`, and moves `position` past them; the reads must stay inside the source's padding.
    @inline(__always)
    func mix(
        _ source: UnsafePointer<Float>, channels: Int, from position: inout AudioResamplePosition, count: Int,
        left: Float, right: Float, into output: UnsafeMutablePointer<Float>, on isa: KernelISA
    ) {
        unsafe withUnsafePointer(to: tables) { tables in
            unsafe audio_resample_mix_stereo(isa, tables, source, channels, &position, count, left, right, output)
        }
    }

    /// One output sample of `channel` of an interleaved source of `channels` channels whose
    /// frame `cursor + firstTapOffset` is at `input`.
    @inline(__always)
    func channel(_ input: UnsafePointer<Float>, channels: Int, channel: Int, phase: Int) -> Float {
        let coefficients = unsafe tables.mono + phase * taps
        var sum: Float = 0
        for tap in 0..<taps {
            unsafe sum += coefficients[tap] * input[tap * channels + channel]
        }
        return sum
    }

    /// Moves `position` on by one output frame.
    @inline(__always)
    func advance(_ position: inout AudioResamplePosition) {
        position.phase += step
        while position.phase >= phases {
            position.phase -= phases
            position.cursor += 1
        }
    }
}
