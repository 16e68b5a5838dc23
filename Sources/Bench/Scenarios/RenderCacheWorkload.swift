import BenchKit
import Foundation
import Confetti

/// The version-gated `renderStates` cache against recomputation, at 100, 1,000 and 100,000
/// particles. Each frame interleaves, per size, 1,000 cached reads and fresh recomputations,
/// each timed on this thread's CPU clock.
///
/// The verdict needs a 180x speedup at every size and 1,000 cached reads at 100 particles within
/// 0.01 ms, both judged on figures load cannot lower into a false failure (see ``BatchMinima``):
/// the speedup of a size is the median over batches of 10 consecutive frames of (fastest
/// recomputation / fastest cached read) within the batch, so both sides of a ratio come from the
/// same stretch of time; the 1,000 reads are the median of the 10-frame minima. The plain medians
/// are reported beside them.
final class RenderCacheWorkload: SelfJudgingWorkload {
    static let sizes = [100, 1_000, 100_000]
    static let requiredSpeedup = 180.0
    static let cachedReads = 1_000
    static let cachedBudgetMs = 0.01

    private let simulations: [ConfettiSimulation]
    private var cachedNs: [[Double]]
    private var recomputeNs: [[Double]]
    private var checksum = 0

    init(seed: UInt64, kernels: KernelInstructionSet = .best) throws {
        simulations = try Self.sizes.map { count in
            var configuration = ConfettiConfig.celebration
            configuration.lifecycle.particleCount = count
            configuration.lifecycle.emission = .continuous
            let simulation = try ConfettiSimulation(configuration: configuration, world: World(), kernels: kernels)
            try simulation.start(canvasSize: SIMD2(300, 600), seed: seed)
            try simulation.advance(steps: 1)
            return simulation
        }
        cachedNs = Self.sizes.map { _ in [] }
        recomputeNs = Self.sizes.map { _ in [] }
        for i in Self.sizes.indices {
            cachedNs[i].reserveCapacity(100_000)
            recomputeNs[i].reserveCapacity(100_000)
        }
    }

    var name: String { "cache" }
    var params: [String: Int] { ["reads": Self.cachedReads] }
    var entitiesPerFrame: Int { Self.sizes.reduce(0, +) }
    var bytesPerFrame: Int { entitiesPerFrame * MemoryLayout<ParticleRenderState>.stride }
    var isParallel: Bool { false }

    func runFrame() {
        for (index, simulation) in simulations.enumerated() {
            guard let cloud = simulation.cloud else { continue }
            checksum &+= CachedRead.count(of: simulation)
            let cachedStart = Clocks.threadCPU()
            for _ in 0..<Self.cachedReads { checksum &+= CachedRead.count(of: simulation) }
            let cachedEnd = Clocks.threadCPU()
            let repeats = max(1, 1_000 / cloud.aliveCount)
            let recomputeStart = Clocks.threadCPU()
            for _ in 0..<repeats { checksum &+= ConfettiRenderer.renderStates(from: cloud).count }
            let recomputeEnd = Clocks.threadCPU()
            cachedNs[index].append(Double(cachedEnd &- cachedStart) / Double(Self.cachedReads))
            recomputeNs[index].append(Double(recomputeEnd &- recomputeStart) / Double(repeats))
        }
    }

    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        var metrics: [String: Double] = [:]
        var speedups: [Double] = []
        for (index, size) in Self.sizes.enumerated() where !cachedNs[index].isEmpty {
            let speedup = Self.batchSpeedup(cached: cachedNs[index], recomputed: recomputeNs[index])
            speedups.append(speedup)
            metrics["speedup_\(size)"] = speedup
            metrics["median_speedup_\(size)"] =
                Percentiles.median(recomputeNs[index]) / max(Percentiles.median(cachedNs[index]), 0.001)
            metrics["cached_read_ns_\(size)"] = Percentiles.median(cachedNs[index])
            metrics["recompute_ns_\(size)"] = Percentiles.median(recomputeNs[index])
        }
        let msPerReads = Double(Self.cachedReads) / 1e6
        let readsMs = (metrics["cached_read_ns_100"] ?? .infinity) * msPerReads
        let judgedReadsMs = (BatchMinima.medianOfMinima(cachedNs[0]) ?? .infinity) * msPerReads
        metrics["cached_1000_reads_ms_100"] = readsMs
        metrics["cached_1000_reads_batch_min_ms_100"] = judgedReadsMs
        let speedup = JudgedFigure(
            statistic: "min speedup", value: speedups.min() ?? 0, limit: Self.requiredSpeedup, unit: .ratio,
            rule: .atLeast)
        let reads = JudgedFigure(
            statistic: "\(Self.cachedReads) reads, median of batch minima", clock: .cpu,
            value: judgedReadsMs, limit: Self.cachedBudgetMs, unit: .milliseconds, rule: .atMost)
        let detail = Self.sizes.map { size in
            "\(size): \(Int(metrics["speedup_\(size)"] ?? 0))x (median \(Int(metrics["median_speedup_\(size)"] ?? 0))x)"
        }.joined(separator: ", ")
        return Judgement(
            judged: [speedup, reads],
            reason: "cached vs recomputed, batch minima (\(detail)): min \(Int(speedup.value))x "
                + "\(speedup.passes ? ">=" : "<") \(Int(Self.requiredSpeedup))x; 1000 reads "
                + "\(String(format: "%.4f", judgedReadsMs)) ms batch minima (median \(String(format: "%.4f", readsMs))) "
                + "\(reads.passes ? "<=" : ">") \(Self.cachedBudgetMs) ms",
            metrics: metrics)
    }

    /// The median over batches of ``BatchMinima/batchSize`` consecutive frames of the batch's
    /// fastest recomputation divided by its fastest cached read (0 without samples).
    static func batchSpeedup(cached: [Double], recomputed: [Double]) -> Double {
        let ratios = zip(BatchMinima.minima(recomputed), BatchMinima.minima(cached)).map { $0 / max($1, 0.001) }
        return ratios.isEmpty ? 0 : Percentiles.median(ratios)
    }
}
