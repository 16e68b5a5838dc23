import Platform

/// The `compare` scenario: one frame is a full `Comparator` comparison (round figures, their
/// Mann-Whitney U test, the hierarchical bootstrap interval and the minimum effect) of two
/// synthetic one-round runs of `samples` CPU samples each, the work of `bench compare` after its
/// files are read. It is not in the default set: run it with
/// `bench --scenario compare --particles 1000000` (the particle count is the samples per side).
///
/// It judges itself: a comparison must finish within `budgetMs` (p99 of the frames).
final class CompareWorkload: SelfJudgingWorkload {
    /// Longest a comparison may take, in ms.
    static let budgetMs = 2000.0

    /// Samples per side.
    let samples: Int
    private let baseline: ScenarioResult
    private let candidate: ScenarioResult
    private var sink = 0.0

    /// Two runs of `samples` frame times (whole microseconds around 1 ms, so values tie, with
    /// the candidate 3% slower), drawn from `seed`.
    init(samples: Int, seed: UInt64) {
        self.samples = samples
        var generator = SplitMix64(seed: seed)
        baseline = Self.scenario(samples, center: 1000, using: &generator)
        candidate = Self.scenario(samples, center: 1030, using: &generator)
    }

    /// "compare".
    var name: String { "compare" }
    /// The samples per side.
    var params: [String: Int] { ["samples": samples] }
    /// Both sides' samples.
    var entitiesPerFrame: Int { 2 * samples }
    /// Not memory bound.
    var bytesPerFrame: Int { 0 }
    /// One thread.
    var isParallel: Bool { false }

    /// Compares the two runs.
    func runFrame() {
        sink += Comparator().compare(baseline, candidate).pValue
    }

    /// Passes when the p99 comparison time is within `budgetMs`.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        let figure = JudgedFigure(
            statistic: "p99", clock: .cpu, value: FrameTimeSummary(nanoseconds: samples.cpuNs).p99,
            limit: Self.budgetMs, unit: .frameMilliseconds, rule: .atMost)
        return Judgement(
            judged: [figure],
            reason: String(
                format: "p99 compare of %d samples per side %.1f ms %@ %.0f ms",
                self.samples, figure.value, figure.passes ? "<=" : ">", Self.budgetMs))
    }

    private static func scenario(
        _ count: Int, center: Double, using generator: inout SplitMix64
    ) -> ScenarioResult {
        let cpuNs = (0..<count).map { _ in
            UInt64((center * (1 + 0.2 * RandomVariates.openUniform(using: &generator))).rounded()) * 1000
        }
        let samples = FrameSamples(cpuNs: cpuNs, wallNs: cpuNs, processCPUNs: nil)
        let summary = FrameTimeSummary(nanoseconds: cpuNs)
        return ScenarioResult(
            name: "synthetic", params: [:], samples: samples, verdict: .pass, reason: "",
            frameCPUMs: summary, frameWallMs: summary, nsPerEntity: nil, limitRatio: nil,
            speedup: nil, requiredSpeedup: nil, metrics: [:])
    }
}
