import SIMDKernels
import ECS
import Synchronization

/// The vector instruction set the confetti step and render kernels run on.
///
/// Every set computes each particle with the same `Float` operations in the same order, and
/// blends each pixel with the same integer steps, so the simulation, its render states and its
/// images have the same bits on any of them; only the speed differs.
/// The kernels use ``active``, which starts as ``best``; ``activate(_:)`` switches it for the
/// whole process, for example to measure the portable kernels on a machine with AVX2.
public enum ConfettiInstructionSet: String, CaseIterable, Sendable {
    /// Four lanes of the baseline instruction set (SSE2 on x86-64, NEON on ARM).
    case portable
    /// Eight lanes of AVX2 (x86-64).
    case avx2
    /// The AVX2 kernels with AVX-512 enabled (F, BW and VL on x86-64): the rasteriser's fill
    /// blends 16-pixel blocks through mask registers instead of 8-pixel ones.
    case avx512

    /// Whether this machine can run the kernels on this set (checked with `cpuid` and the
    /// registers the OS saves).
    public var isSupported: Bool { confetti_kernels_supports(kernelISA) != 0 }

    /// The widest set this machine supports.
    public static let best: ConfettiInstructionSet = allCases.last { $0.isSupported } ?? .portable

    /// The set the kernels use now.
    public static var active: ConfettiInstructionSet {
        allCases[activeIndex.load(ordering: .relaxed)]
    }

    /// Makes the kernels use `set` from their next call on.
    /// - Throws: ``RenderError`` ``RenderErrorCode/invalidArgument`` when this machine cannot run `set`.
    public static func activate(_ set: ConfettiInstructionSet) throws(RenderError) {
        guard set.isSupported else {
            throw RenderError(.invalidArgument, "this machine cannot run the \(set.rawValue) kernels")
        }
        // Every case is in `allCases`, so the unwrap cannot fail.
        activeIndex.store(allCases.firstIndex(of: set)!, ordering: .relaxed)
    }

    /// The set as the kernels' C enumeration.
    package var kernelISA: ConfettiKernelISA {
        switch self {
        case .portable: ConfettiKernelISAPortable
        case .avx2: ConfettiKernelISAAVX2
        case .avx512: ConfettiKernelISAAVX512
        }
    }

    /// Index of ``active`` in `allCases` (every case is in it, so the unwrap cannot fail).
    private static let activeIndex = Atomic<Int>(allCases.firstIndex(of: best)!)
}
