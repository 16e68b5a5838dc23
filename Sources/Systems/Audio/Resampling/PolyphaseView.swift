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
    /// Coefficients per phase, a multiple of 8.
    let taps: Int

    /// The first input frame a phase's taps read, relative to the cursor.
    var firstTapOffset: Int { 1 - taps / 2 }

    /// One output sample of a mono source whose frame `cursor + firstTapOffset` is at `input`.
    @inline(__always)
    func mono(_ input: UnsafePointer<Float>, phase: Int) -> Float {
        let coefficients = unsafe UnsafeRawPointer(mono + phase * taps)
        let samples = unsafe UnsafeRawPointer(input)
        var sum = SIMD8<Float>()
        var offset = 0
        while offset < taps * 4 {
            // A separate multiply and add: `addProduct` is a fused multiply-add, which the
            // baseline x86_64 target has no instruction for (it calls `fmaf` per lane).
            unsafe sum += coefficients.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                * samples.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            offset += 32
        }
        let quarter = sum.lowHalf + sum.highHalf
        return (quarter[0] + quarter[2]) + (quarter[1] + quarter[3])
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
            // A separate multiply and add: `addProduct` is a fused multiply-add, which the
            // baseline x86_64 target has no instruction for (it calls `fmaf` per lane).
            unsafe sum += coefficients.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                * samples.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
            offset += 64
        }
        let quarter = Self.quarter(sum)
        return (quarter[0] + quarter[2], quarter[1] + quarter[3])
    }

    /// `sum` folded to four lanes by adding halves, which keeps even lanes (left) and odd
    /// lanes (right) apart.
    @inline(__always)
    static func quarter(_ sum: SIMD16<Float>) -> SIMD4<Float> {
        let eight = sum.lowHalf + sum.highHalf
        return eight.lowHalf + eight.highHalf
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
