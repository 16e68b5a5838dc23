import Render
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the noise-proof statistics the timed verdicts are judged on.
struct BatchMinimaTests {
    /// Every batch of consecutive samples yields its minimum; a short last batch counts.
    @Test func minimaOfConsecutiveBatches() {
        #expect(BatchMinima.minima([5, 3, 4, 9, 8, 7, 1], batchSize: 3) == [3, 7, 1])
        #expect(BatchMinima.minima([], batchSize: 3) == [])
        #expect(BatchMinima.minima([2, 1], batchSize: 0) == [2, 1])
        #expect(BatchMinima.medianOfMinima([]) == nil)
    }

    /// Noise added to most frames moves the median but not the median of the batch minima.
    @Test func noiseOnMostFramesDoesNotMoveTheJudgedFigure() {
        let loaded: [Double] = (0..<300).map { index in
            let factor = 1.1 + Double(index * 37 % 19) / 10
            return index % 10 == 3 ? 10 : 10 * factor
        }
        #expect(Percentiles.median(loaded) > 11)
        #expect(BatchMinima.medianOfMinima(loaded) == 10)
    }

    /// One lucky fast frame cannot pass a slow workload: half the batches must reach the figure.
    @Test func oneFastFrameDoesNotSetTheJudgedFigure() {
        var samples = Array(repeating: 25.0, count: 300)
        samples[42] = 5
        #expect(BatchMinima.medianOfMinima(samples) == 25)
    }

    /// The cache speedup pairs the minima of the same batch, so a slow stretch that slows both
    /// sides alike leaves it unchanged, and noise on the cached reads alone does not lower it.
    @Test func cacheSpeedupPairsTheBatchesOfBothSides() {
        let slowdown: [Double] = (0..<300).map { $0 >= 150 ? 1.5 : 1.0 }
        let cached: [Double] = slowdown.enumerated().map { index, factor in
            let noise: Double = index % 10 == 0 ? 1 : 4
            return 2 * factor * noise
        }
        let recomputed: [Double] = slowdown.map { 400 * $0 }
        #expect(RenderCacheWorkload.batchSpeedup(cached: cached, recomputed: recomputed) == 200)
        #expect(Percentiles.median(recomputed) / Percentiles.median(cached) < 180)
        #expect(RenderCacheWorkload.batchSpeedup(cached: [], recomputed: []) == 0)
    }

    /// The render scenario is judged on the 60 fps budget like the others: the p99 of CPU time
    /// on one thread, the median of the 10-frame wall-time minima on two.
    @Test func renderIsJudgedOnTheFrameBudget() throws {
        for threads in [1, 2] {
            let workload = try RenderWorkload(particles: 100, seed: 1, threads: threads)
            #expect(workload.isParallel == (threads > 1))
            #expect(workload.params["threads"] == threads)
            let settings = RunSettings(
                particles: 100, frames: 300, warmup: 0, fps: 60, seed: 1, threads: threads, snapshot: nil)
            let evaluator = ScenarioEvaluator(settings: settings, bandwidth: nil, judged: true)
            // Every tenth frame 10 ms, the others 17 ms: the batch minima fit the budget, the p99 does not.
            let loaded = (0..<300).map { UInt64($0 % 10 == 0 ? 10_000_000 : 17_000_000) }
            let result = evaluator.evaluate(workload, samples: FrameSamples(cpuNs: loaded, wallNs: loaded))
            #expect(result.verdict == (threads > 1 ? .pass : .fail))
            #expect(result.judged.map(\.limit) == [1000.0 / 60])
            #expect(result.judged.map(\.clock) == [threads > 1 ? .wall : .cpu])
        }
        #expect(throws: RenderError.self) { try RenderWorkload(particles: 100, seed: 1, threads: 0) }
    }
}
