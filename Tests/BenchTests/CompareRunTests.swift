import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// `bench compare --run` with real processes: this build's `bench` against itself.
struct CompareRunTests {
    /// The `bench` executable SwiftPM built next to the tests.
    private func bench() throws -> String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let packageDebug = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug").path
        for directory in [bundleDirectory, packageDebug] where FileManager.default.isExecutableFile(atPath: directory + "/bench") {
            return directory + "/bench"
        }
        Issue.record("the bench executable is missing next to the tests; run `swift build --product bench` first")
        throw CancellationError()
    }

    /// A/A with a small frame count: one binary against itself in 5 interleaved rounds never
    /// fails, and saves both sides' rounds.
    @Test func aBinaryAgainstItselfNeverFails() throws {
        // A debug build would rebuild itself in release before measuring; the rounds measure
        // the debug build as it is.
        setenv(ReleaseCheck.guardVariable, "1", 1)
        let binary = try bench()
        let directory = try Fixtures.temporaryDirectory()
        let outcome = ResultFiles.failure([
            "compare", "--run", binary, binary, "--rounds", "5", "--output", directory, "--format", "csv", "--",
            "--scenario", "confetti,calibration", "--frames", "20", "--warmup", "2", "--particles", "2000",
        ])
        try #require(outcome == nil, "\(String(describing: outcome))")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        try #require(files.count == 2)
        #expect(files[0].hasSuffix("-new.json") && files[1].hasSuffix("-old.json"))
        let old = try ResultCoding.load(directory + "/" + files[1])
        #expect(old.rounds.count == 5 && old.rounds.allSatisfy { $0.binary == binary && $0.neighbourLoad != nil })
        #expect(old.scenarios.map(\.name) == ["confetti", "calibration"])
        #expect(old.scenarios.allSatisfy { $0.roundFrames == [20, 20, 20, 20, 20] })
    }

    /// A side that is not an executable, or that prints no result, is one line, exit 1; run
    /// options that `compare --run` sets itself are refused.
    @Test func badBinariesAndOptionsGiveOneLine() throws {
        let binary = try bench()
        let directory = try Fixtures.temporaryDirectory()
        let missing = ResultFiles.failure(["compare", "--run", binary, directory + "/none", "--no-save", "--rounds", "1"])
        #expect(missing?.line == "\(directory)/none failed: not an executable file" && missing?.status == .error)
        let silent = ResultFiles.failure(["compare", "--run", "/bin/true", "/bin/true", "--no-save", "--rounds", "1"])
        #expect(silent?.line?.hasPrefix("/bin/true failed: round 1 printed no bench result") == true)
        let owned = ResultFiles.failure(["compare", "--run", binary, binary, "--", "--rounds", "3"])
        #expect(owned?.line == "--rounds after -- is set by bench compare --run; give --rounds to compare itself")
        let notRun = ResultFiles.failure(["compare", "a.json", "b.json", "--", "--frames", "3"])
        #expect(notRun?.line == "run options after -- need --run")
    }
}
