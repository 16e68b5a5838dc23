import Testing

@testable import Bench
@testable import BenchKit

/// The `audio.decode` scenario: decode throughput per format as a real-time factor.
struct AudioDecodeScenarioTests {
    /// It runs only when named.
    @Test func runsOnlyWhenNamed() throws {
        let registry = ScenarioRegistry.standard
        #expect(try !registry.select(nil).map(\.name).contains("audio.decode"))
        #expect(try registry.select("audio.decode").map(\.name) == ["audio.decode"])
    }

    /// It writes WAV, AIFF and FLAC at least, decodes every file whole, reports a factor per
    /// format, and fails a format below its floor.
    @Test func reportsEveryFormat() throws {
        let workload = try AudioDecodeWorkload(seconds: 1)
        #expect(workload.params["seconds"] == 1)
        let formats = workload.params["formats"] ?? 0
        #expect(formats + workload.unavailable.count == 9)
        #expect(formats >= 6)
        workload.runFrame()
        let samples = FrameSamples(cpuNs: [1], wallNs: [1], processCPUNs: nil)
        let judgement = workload.judge(samples, settings: Fixtures.settings)
        #expect(judgement.metrics.count == formats)
        #expect(judgement.metrics.values.allSatisfy { $0 > 1 }, "every format decodes faster than real time, even in a debug build")
        #expect(judgement.judged.count == formats)
        #expect(!judgement.reason.hasPrefix("decoding lost frames"), "\(judgement.reason)")
        #expect(judgement.judged.map(\.rule).allSatisfy { $0 == .atLeast })
        #expect(throws: BenchError.invalidArgument("audio.decode needs files of at least 1 s, not 0")) { try AudioDecodeWorkload(seconds: 0) }
    }
}
