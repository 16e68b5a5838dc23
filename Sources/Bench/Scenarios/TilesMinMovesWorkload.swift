import BenchKit
import Tiles

/// The `tiles.minmoves` scenario (on demand): one frame is `MoveRules.minimumSwaps` of a
/// shuffled permutation of 1,000,000 slots, the cycle count behind a board's `minMoves`.
/// It judges itself: the median frame must take at most 10 ms of CPU time.
final class TilesMinMovesWorkload: SelfJudgingWorkload {
    /// The permutation's length.
    static let count = 1_000_000
    /// Longest the median count may take, in ms.
    static let budgetMs = 10.0

    /// The permutation counted every frame.
    private let permutation: [Int]
    /// Folds the results in, so no work is optimised away.
    private var checksum = 0

    /// A permutation of ``count`` slots shuffled from `seed`.
    init(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var permutation = Array(0..<Self.count)
        permutation.shuffle(using: &generator)
        self.permutation = permutation
    }

    /// "tiles.minmoves".
    var name: String { "tiles.minmoves" }
    /// The permutation's length.
    var params: [String: Int] { ["slots": Self.count] }
    /// Every slot.
    var entitiesPerFrame: Int { Self.count }
    /// The permutation read and one visited flag per slot written.
    var bytesPerFrame: Int { Self.count * (MemoryLayout<Int>.stride + 1) }
    /// One thread.
    var isParallel: Bool { false }

    /// Counts the minimum swaps.
    func runFrame() {
        // A shuffled `0..<count` is a permutation, so the count cannot throw.
        checksum &+= (try? MoveRules.minimumSwaps(permutation)) ?? 0
    }

    /// Passes when the median CPU time of a count is within ``budgetMs``.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        let figure = JudgedFigure(
            statistic: "p50", clock: .cpu, value: FrameTimeSummary(nanoseconds: samples.cpuNs).p50,
            limit: Self.budgetMs, unit: .frameMilliseconds, rule: .atMost)
        return Judgement(
            judged: [figure],
            reason: String(
                format: "p50 minMoves of %d slots %.2f ms %@ %.0f ms",
                Self.count, figure.value, figure.passes ? "<=" : ">", Self.budgetMs))
    }
}
