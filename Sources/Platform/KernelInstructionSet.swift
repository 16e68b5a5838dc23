import SIMDKernels

/// The vector instruction set the C kernels run on: the rasteriser's rectangle batches, the
/// confetti step and render, and the resampler.
///
/// Every set computes each value with the same `Float` operations in the same order, and blends
/// each pixel with the same integer steps, so images, simulations and resampled audio have the
/// same bits on any of them; only the speed differs. A program chooses one at start (``best``
/// by default) and passes it to what it builds: a canvas, a confetti simulation or plugin, a
/// mixer or audio plugin.
public enum KernelInstructionSet: String, CaseIterable, Sendable {
    /// Four lanes of the baseline instruction set (SSE2 on x86-64, NEON on ARM).
    case portable
    /// Eight lanes of AVX2 (x86-64).
    case avx2
    /// The AVX2 kernels with AVX-512 enabled (F, BW and VL on x86-64): the rasteriser's fill
    /// blends 16-pixel blocks through mask registers instead of 8-pixel ones.
    case avx512

    /// Whether this machine can run the kernels on this set (checked with `cpuid` and the
    /// registers the OS saves).
    public var isSupported: Bool { kernels_supports(kernelISA) != 0 }

    /// The widest set this machine supports.
    public static let best: KernelInstructionSet = allCases.last { $0.isSupported } ?? .portable

    /// The set as the kernels' C enumeration.
    package var kernelISA: KernelISA {
        switch self {
        case .portable: KernelISAPortable
        case .avx2: KernelISAAVX2
        case .avx512: KernelISAAVX512
        }
    }
}
