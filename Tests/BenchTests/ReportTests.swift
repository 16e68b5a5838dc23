import Testing

@testable import Bench
@testable import BenchKit

/// Tests of tables, the sampler and bandwidth.
struct ReportTests {
    private let table = TextTable(headers: ["a", "long header"], rows: [["x,y", "1"], ["z|w", "\"q\""]])

    /// Aligned columns.
    @Test func alignedColumns() {
        #expect(table.aligned == "a    long header\nx,y  1\nz|w  \"q\"\n")
    }

    /// Markdown escapes pipes.
    @Test func markdownEscapesPipes() {
        #expect(table.markdown == "| a | long header |\n|---|---|\n| x,y | 1 |\n| z\\|w | \"q\" |\n")
    }

    /// Csv quotes.
    @Test func csvQuotes() {
        #expect(table.csv == "a,long header\n\"x,y\",1\nz|w,\"\"\"q\"\"\"\n")
    }

    /// Sampler records every frame.
    @Test func samplerRecordsEveryFrame() {
        let workload = SyntheticWorkload(work: 1000)
        let samples = Sampler(warmup: 3, frames: 7).measure(workload)
        #expect(workload.frames == 10)
        #expect(samples.cpuNs.count == 7 && samples.wallNs.count == 7)
        #expect(samples.processCPUNs == nil)
    }

    /// Limit ratio divides by the bandwidth time.
    @Test func limitRatioDividesByTheBandwidthTime() {
        let bandwidth = Bandwidth(bytesPerNs: 10, workingSetBytes: 1 << 20, threads: 1)
        #expect(bandwidth.limitRatio(nsPerFrame: 200, bytesPerFrame: 1000) == 2)
        #expect(bandwidth.limitRatio(nsPerFrame: 200, bytesPerFrame: 0) == nil)
        #expect(Bandwidth.measure(workingSetBytes: 2 << 20, runs: 2).bytesPerNs > 0)
    }

    /// Debug runs are not judged.
    @Test func debugRunsAreNotJudged() {
        let result = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: false)
            .evaluate(SyntheticWorkload(work: 1), samples: FrameSamples(cpuNs: [1], wallNs: [1], processCPUNs: nil))
        #expect(result.verdict == .notJudged)
        #expect(result.reason == "debug build: timings not judged against budgets")
    }

    /// A load average within half a core of the core count marks the machine busy.
    @Test func busyMachineIsDetected() {
        var environment = Fixtures.environment
        #expect(!environment.isBusy)
        environment.loadAverage = [1.6, 1, 1]
        #expect(environment.isBusy)
        environment.loadAverage = []
        #expect(!environment.isBusy)
    }
}
