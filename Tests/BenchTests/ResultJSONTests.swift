import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the result JSON file.
struct ResultJSONTests {
    private func producedFile() throws -> (path: String, run: RunResult) {
        let directory = try Fixtures.temporaryDirectory()
        let runner = NativeRunner(settings: Fixtures.settings, judged: true, quiet: true)
        let entries = [ScenarioRegistry.Entry("synthetic") { _ in SyntheticWorkload(work: 100) }]
        let started = Date(timeIntervalSince1970: 1_800_000_000)
        let run = try runner.run(entries, environment: Fixtures.environment, startedAt: started)
        let path = try RunOutput(format: .csv, directory: directory, quiet: true).emit(run, startedAt: started)
        return (try #require(path), run)
    }

    /// The file name is the UTC time to the millisecond and the commit.
    @Test func fileNameIsUTCTimeAndCommit() throws {
        let (path, _) = try producedFile()
        #expect(path.hasSuffix("/20270115-080000-000-abc1234.json"))
        let summary = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("summary.md")
        #expect(FileManager.default.fileExists(atPath: summary.path))
    }

    /// Settings written before scenarios declared their options (tiles' boards and grid, the
    /// audio settings as one object) load as those options, and new files write the options.
    @Test func olderSettingsLoadAsOptions() throws {
        let legacy = """
            {"particles": 100000, "frames": 300, "warmup": 30, "fps": 60, "seed": 12345, "threads": 1, "boards": 7, "grid": 5,
             "audio": {"voices": 64, "bufferFrames": 256, "sampleRate": 44100, "sourceRate": 32000, "files": ["a.wav"], "stream": true}}
            """
        let settings = try JSONDecoder().decode(RunSettings.self, from: Data(legacy.utf8))
        #expect(settings.integer("boards") == 7 && settings.integer("grid") == 5)
        #expect(settings.integer("voices") == 64 && settings.integer("buffer-frames") == 256)
        #expect(settings.integer("sample-rate") == 44_100 && settings.integer("source-rate") == 32_000)
        #expect(settings.texts("audio-file") == ["a.wav"] && settings.flag("stream"))
        let written = String(decoding: try ResultCoding.encode(settings), as: UTF8.self)
        #expect(written.contains("\"options\"") && !written.contains("\"audio\"") && !written.contains("\"boards\" : 7,\n  \"fps"))
        #expect(try JSONDecoder().decode(RunSettings.self, from: Data(written.utf8)) == settings)
    }

    /// A result file written before scenarios declared their options (schema 2, kept in
    /// `References/`) still loads as `compare` and `history` load it, its audio settings as the
    /// audio options.
    @Test func anOlderResultFileStillLoads() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("References/result-before-declared-options.json").path
        let run = try ResultCoding.load(path)
        #expect(run.scenarios.map(\.name) == ["confetti", "tiles", "audio"])
        #expect(run.settings.integer("voices") == 256 && run.settings.integer("buffer-frames") == 512)
        #expect(try HistoryInput.load([path]).count == 1)
    }

    /// Round trips through JSON.
    @Test func roundTripsThroughJSON() throws {
        let (path, run) = try producedFile()
        #expect(try ResultCoding.load(path) == run)
    }

    /// Required keys are present.
    @Test func requiredKeysArePresent() throws {
        let (path, _) = try producedFile()
        let data = try #require(FileManager.default.contents(atPath: path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["schema", "created_at", "environment", "settings", "scenarios", "verdict", "rounds"])
        #expect(object["schema"] as? Int == 2)
        let environment = try #require(object["environment"] as? [String: Any])
        for key in ["cpu_model", "cores", "os", "swift_version", "build_configuration", "commit", "load_average", "confetti_kernels"] {
            #expect(environment[key] != nil, "environment.\(key)")
        }
        let settings = try #require(object["settings"] as? [String: Any])
        for key in ["fps", "frames", "warmup", "seed", "threads"] {
            #expect(settings[key] != nil, "settings.\(key)")
        }
        let scenario = try #require((object["scenarios"] as? [[String: Any]])?.first)
        for key in [
            "name", "params", "samples", "verdict", "reason", "frame_cpu_ms", "frame_wall_ms",
            "ns_per_entity", "limit_ratio", "limit_gb_per_s", "metrics",
        ] {
            #expect(scenario[key] != nil, "scenario.\(key)")
        }
        let samples = try #require(scenario["samples"] as? [String: Any])
        #expect((samples["cpu_ns"] as? [Any])?.count == 20)
        #expect((samples["wall_ns"] as? [Any])?.count == 20)
        let cpu = try #require(scenario["frame_cpu_ms"] as? [String: Any])
        #expect(Set(cpu.keys) == ["p50", "p95", "p99", "max"])
        let perEntity = try #require(scenario["ns_per_entity"] as? [String: Any])
        #expect(Set(perEntity.keys) == ["p50", "min", "max"])
        #expect(scenario["verdict"] as? String == "pass")
        #expect((scenario["reason"] as? String)?.contains("<= budget 16.67 ms") == true)
        let judged = try #require(scenario["judged"] as? [[String: Any]])
        #expect(judged.count == 1)
        #expect(judged.first?["statistic"] as? String == "p99" && judged.first?["clock"] as? String == "cpu")
    }

    /// Files written before figures were recorded, with `judged` as one line of text or
    /// without it, and before the limit bandwidth was, still load, with no figures; a
    /// malformed list is rejected.
    @Test func olderJudgedKeysLoadWithoutFigures() throws {
        let (path, run) = try producedFile()
        let data = try #require(FileManager.default.contents(atPath: path))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var scenarios = try #require(object["scenarios"] as? [[String: Any]])
        var expected = run
        expected.scenarios[0].judged = []
        expected.scenarios[0].limitBandwidth = nil
        scenarios[0].removeValue(forKey: "limit_gb_per_s")
        for judged in ["p99 0.41 ms ≤ 16.67", nil] as [String?] {
            scenarios[0]["judged"] = judged
            object["scenarios"] = scenarios
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
            #expect(try ResultCoding.load(path) == expected)
        }
        scenarios[0]["judged"] = [["statistic": "p99"]]
        object["scenarios"] = scenarios
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        #expect(throws: BenchError.self) { try ResultCoding.load(path) }
    }

    /// Corrupt and foreign files are rejected naming the file.
    @Test func corruptAndForeignFilesAreRejectedNamingTheFile() throws {
        let directory = try Fixtures.temporaryDirectory()
        let corrupt = directory + "/corrupt.json"
        try Data("{\"schema\": 1, \"scen".utf8).write(to: URL(fileURLWithPath: corrupt))
        let foreign = directory + "/gbench.json"
        try Data("{\"context\": {}, \"benchmarks\": []}".utf8).write(to: URL(fileURLWithPath: foreign))
        let future = directory + "/future.json"
        try Data("{\"schema\": 3}".utf8).write(to: URL(fileURLWithPath: future))
        for path in [corrupt, foreign, future, directory + "/missing.json"] {
            #expect {
                _ = try ResultCoding.load(path)
            } throws: { error in
                (error as? BenchError)?.description.hasPrefix(path) == true
            }
        }
    }

    /// Unwritable directory is an error and writes nothing.
    @Test func unwritableDirectoryIsAnErrorAndWritesNothing() throws {
        let directory = try Fixtures.temporaryDirectory()
        let blocker = directory + "/file"
        try Data().write(to: URL(fileURLWithPath: blocker))
        #expect(throws: BenchError.self) { try AtomicFile.prepareDirectory(blocker + "/results") }
        #expect(throws: BenchError.self) { try AtomicFile.write(Data("x".utf8), to: blocker + "/out.json") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file"])
    }
}
