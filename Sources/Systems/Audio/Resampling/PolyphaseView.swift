/// The coefficient tables of a ``PolyphaseFilter`` as the mix loop reads them: plain pointers
/// and sizes, valid while the filter lives.
@safe
struct PolyphaseView {
    /// `phases × taps` coefficients for one channel.
    let mono: UnsafePointer<Float>
    /// The same, each coefficient twice, for interleaved stereo.
    let stereo: UnsafePointer<Float>
    /// Phases per input frame.
    let phases: Int
    /// Phases advanced per output frame.
    let step: Int
    /// Coefficients per phase, a multiple of 16.
    let taps: Int

    /// The first input frame a phase's taps read, relative to the cursor.
    var firstTapOffset: Int { 1 - taps / 2 }

    /// One output sample of a mono source whose frame `cursor + firstTapOffset` is at `input`.
    @inline(__always)
    func mono(_ input: UnsafePointer<Float>, phase: Int) -> Float {
        let coefficients = unsafe UnsafeRawPointer(mono + phase * taps)
        let samples = unsafe UnsafeRawPointer(input)
        var sum = SIMD16<Float>()
        var offset = 0
        while offset < taps * 4 {
            unsafe sum.addProduct(
                coefficients.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self),
                samples.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self))
            offset += 64
        }
        return sum.sum()
    }

    /// One output frame (left, right) of an interleaved stereo source whose frame
    /// `cursor + firstTapOffset` is at `input`.
    @inline(__always)
    func stereo(_ input: UnsafePointer<Float>, phase: Int) -> (Float, Float) {
        let coefficients = unsafe UnsafeRawPointer(stereo + 2 * phase * taps)
        let samples = unsafe UnsafeRawPointer(input)
        var sum = SIMD16<Float>()
        var offset = 0
        while offset < taps * 8 {
            unsafe sum.addProduct(
                coefficients.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self),
                samples.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self))
            offset += 64
        }
        return (sum.evenHalf.sum(), sum.oddHalf.sum())
    }

    /// One output sample of `channel` of an interleaved source of `channels` channels whose
    /// frame `cursor + firstTapOffset` is at `input`.
    @inline(__always)
    func channel(_ input: UnsafePointer<Float>, channels: Int, channel: Int, phase: Int) -> Float {
        let coefficients = unsafe mono + phase * taps
        var sum: Float = 0
        for tap in 0..<taps {
            unsafe sum += coefficients[tap] * input[tap * channels + channel]
        }
        return sum
    }

    /// Moves `cursor` and `phase` on by one output frame.
    @inline(__always)
    func advance(cursor: inout Int, phase: inout Int) {
        phase += step
        while phase >= phases {
            phase -= phases
            cursor += 1
        }
    }
}
