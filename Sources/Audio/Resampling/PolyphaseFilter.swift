import SIMDKernels
import ECS
import Foundation

/// A band-limited polyphase resampling filter from one sample rate to another: a Kaiser-windowed
/// sinc low-pass, sampled at every output phase of the reduced rate ratio `phases / step`.
///
/// The ratio is exact (44.1 kHz to 48 kHz is 160/147: 160 phases, 147 phases per output frame),
/// so no phase is interpolated. The cutoff is 0.45 of the lower of the two rates (19.8 kHz
/// for 44.1 kHz to 48 kHz); each phase has ``taps`` coefficients (24 when upsampling, 48 times the
/// ratio when downsampling), Kaiser β 8.6, and sums to 1, so a constant passes unchanged.
/// The window's β sets the stopband (about 85 dB down); the tap count sets the transition
/// band, about ±0.11 of the input rate around the cutoff.
/// The filter has zero delay: output frame `n` is the input signal at time `n · step / phases`.
@safe
public final class PolyphaseFilter {
    /// Taps per phase when upsampling.
    public static let baseTaps = 24
    /// Kaiser window shape.
    public static let kaiserBeta = 8.6
    /// Cutoff as a fraction of the lower rate.
    public static let cutoff = 0.45
    /// Largest reduced numerator (phase count) accepted.
    public static let maxPhases = 2_048

    /// Input frames per second.
    public let inputRate: Int
    /// Output frames per second.
    public let outputRate: Int
    /// Phases of the filter: the reduced numerator of `outputRate / inputRate`.
    public let phases: Int
    /// Phases advanced per output frame: the reduced denominator.
    public let step: Int
    /// Coefficients per phase, a multiple of 8.
    public let taps: Int
    /// `phases × taps` coefficients, phase after phase, for one channel.
    let mono: UnsafeMutableBufferPointer<Float>
    /// The same coefficients each written twice in a row, for interleaved stereo.
    let stereo: UnsafeMutableBufferPointer<Float>

    /// The filter from `inputRate` to `outputRate`.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a rate outside ``AudioAsset/sampleRates``, a
    ///   ratio whose reduced numerator exceeds ``maxPhases``, or a downsampling ratio whose
    ///   filter would read past ``AudioAsset/paddingFrames``.
    public init(inputRate: Int, outputRate: Int) throws(AudioError) {
        for rate in [inputRate, outputRate] where !AudioAsset.sampleRates.contains(rate) {
            throw AudioError.invalidArgument("sample rate must be in \(AudioAsset.sampleRates.lowerBound)...\(AudioAsset.sampleRates.upperBound) Hz, got \(rate)")
        }
        let divisor = Self.gcd(inputRate, outputRate)
        phases = outputRate / divisor
        step = inputRate / divisor
        guard phases <= Self.maxPhases else {
            throw AudioError.invalidArgument("cannot resample \(inputRate) Hz to \(outputRate) Hz: the reduced ratio \(phases)/\(step) needs more than \(Self.maxPhases) phases")
        }
        // Downsampling takes twice the taps per unit of ratio, so the transition band ends
        // near the output's Nyquist frequency instead of folding back below it.
        let widening = inputRate > outputRate ? 2 * Double(inputRate) / Double(outputRate) : 1
        taps = Int((Double(Self.baseTaps) * widening / 8).rounded(.up)) * 8
        guard taps / 2 <= AudioAsset.paddingFrames else {
            throw AudioError.invalidArgument("cannot resample \(inputRate) Hz to \(outputRate) Hz: downsampling by more than \(AudioAsset.paddingFrames / Self.baseTaps)x is not supported")
        }
        self.inputRate = inputRate
        self.outputRate = outputRate
        unsafe mono = .allocate(capacity: phases * taps)
        unsafe stereo = .allocate(capacity: 2 * phases * taps)
        let coefficients = Self.design(phases: phases, taps: taps, cutoff: Self.cutoff * min(1, Double(outputRate) / Double(inputRate)))
        // SAFETY: both buffers were just allocated with exactly the sizes written here.
        for (index, value) in coefficients.enumerated() {
            unsafe (mono.baseAddress.unsafelyUnwrapped + index).initialize(to: value)
            unsafe (stereo.baseAddress.unsafelyUnwrapped + 2 * index).initialize(to: value)
            unsafe (stereo.baseAddress.unsafelyUnwrapped + 2 * index + 1).initialize(to: value)
        }
    }

    deinit {
        // SAFETY: both buffers were allocated in `init` and are freed only here.
        unsafe mono.deallocate()
        unsafe stereo.deallocate()
    }

    /// Frames of output for `inputFrames` frames of input: one per output instant inside the
    /// input, `ceil(inputFrames · phases / step)`.
    public func outputFrames(forInput inputFrames: Int) -> Int {
        (inputFrames * phases + step - 1) / step
    }

    /// What the mix loop reads; valid while the filter lives.
    var view: PolyphaseView {
        unsafe PolyphaseView(
            tables: AudioPolyphaseTables(
                mono: UnsafePointer(mono.baseAddress.unsafelyUnwrapped),
                stereo: UnsafePointer(stereo.baseAddress.unsafelyUnwrapped),
                phases: phases, step: step, taps: taps))
    }

    /// `phases × taps` coefficients: for phase `φ`, tap `j` weighs input frame
    /// `cursor - taps/2 + 1 + j` at the output instant `cursor + φ/phases`. Each phase sums to 1.
    static func design(phases: Int, taps: Int, cutoff: Double) -> [Float] {
        let half = Double(taps / 2)
        let norm = besselI0(kaiserBeta)
        var result: [Float] = []
        result.reserveCapacity(phases * taps)
        var row = [Double](repeating: 0, count: taps)
        for phase in 0..<phases {
            let fraction = Double(phase) / Double(phases)
            for tap in 0..<taps {
                let tau = fraction + half - 1 - Double(tap)
                let x = 2 * cutoff * tau
                let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
                let ratio = tau / half
                let window = abs(ratio) >= 1 ? 0 : besselI0(kaiserBeta * (1 - ratio * ratio).squareRoot()) / norm
                row[tap] = 2 * cutoff * sinc * window
            }
            let sum = row.reduce(0, +)
            result.append(contentsOf: row.map { Float($0 / sum) })
        }
        return result
    }

    /// The modified Bessel function of the first kind, order 0, by its power series.
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        var k = 1.0
        while term > sum * 1e-17 {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }

    /// The greatest common divisor of two positive numbers.
    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
