import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// The `audio.device` scenario: the mix played in real time through the ALSA output into the
/// file plugin, judged on its underruns; and the BenchKit traits it rests on.
@Suite("audio.device scenario", .serialized)
struct AudioDeviceScenarioTests {
    /// It runs only when named, and `bench capacity` can search its voices.
    @Test func runsOnlyWhenNamed() throws {
        let registry = ScenarioRegistry.standard
        #expect(try !registry.select(nil).map(\.name).contains("audio.device"))
        let entry = try registry.select("audio.device")[0]
        #expect(entry.capacity?.option == "voices")
        #expect(entry.options.map(\.name).contains("seconds") && entry.options.map(\.name).contains("alsa-device"))
    }

    /// One second of 16 voices: a frame per period for the second, the captured file as long as
    /// what was written (and removed afterwards), the verdict resting on the underruns.
    @Test func playsForItsSecondsAndJudgesTheUnderruns() throws {
        var settings = AudioSettings()
        settings.voices = 16
        var workload: AudioDeviceWorkload? = try AudioDeviceWorkload(settings: settings, seconds: 1, device: nil, seed: 3, threads: 1)
        let device = try #require(workload).device
        #expect(device.hasPrefix("file:FILE=") && device.hasSuffix(",FORMAT=raw"))
        let path = String(device.dropFirst("file:FILE=".count).dropLast(",FORMAT=raw".count))
        #expect(workload?.frameCount == 94 && workload?.warmupCount == 0, "48,000 frames in periods of 512")
        let samples = Sampler(warmup: 30, frames: 300).measure(try #require(workload))
        #expect(samples.wallNs.count == 94, "the sampler ran the workload's own frame count")
        let judgement = try #require(workload).judge(samples, settings: Fixtures.settings)
        let underruns = try #require(judgement.metrics["underruns"])
        #expect(judgement.judged.map(\.statistic) == ["underruns"])
        #expect(judgement.verdict == (underruns == 0 ? .pass : .fail), "\(judgement.reason)")
        #expect(try #require(judgement.metrics["periods"]) >= 94)
        #expect(judgement.metrics["paced_by_clock"] == 1 && judgement.metrics["period_frames"] == 512)
        #expect(try #require(judgement.metrics["pace"]) >= AudioDeviceWorkload.minimumPace, "\(judgement.reason)")
        let figure = try #require(workload).capacityFigureNanoseconds(samples)
        #expect(underruns == 0 ? figure.isFinite && figure > 0 : figure == .infinity)
        #expect(FileManager.default.fileExists(atPath: path))
        workload = nil
        #expect(!FileManager.default.fileExists(atPath: path), "the capture is deleted with the workload")
    }

    /// A device that does not open is one line.
    @Test func aMissingDeviceIsOneLine() {
        #expect(throws: BenchError.invalidArgument(
            "audio.device: cannot open ALSA device 'ecs-bench-none': No such file or directory (Unknown PCM ecs-bench-none)"
        )) {
            try AudioDeviceWorkload(settings: AudioSettings(), seconds: 1, device: "ecs-bench-none", seed: 1, threads: 1)
        }
    }

    /// A count figure prints as a plain number.
    @Test func countsPrintAsNumbers() {
        let figure = JudgedFigure(statistic: "underruns", value: 0, limit: 0, unit: .count, rule: .atMost)
        #expect(figure.summary() == "underruns 0 ≤ 0")
        #expect(JudgedFigure(statistic: "underruns", value: 3, limit: 0, unit: .count, rule: .atMost).summary() == "underruns 3 > 0")
    }
}
