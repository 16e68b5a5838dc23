import BenchKit
import Foundation
import Testing

// Only BenchKit's public API, as a package outside the project sees it: this file imports
// nothing with @testable. README.md and the BenchKit DocC catalog print `Spin`, `SpinBench` and
// the `@main` entry point.

// README: benchmark your own systems
final class Spin: Workload, CountingWorkload {
    let name = "spin"
    let params: [String: Int]
    private let turns: Int
    private var frames = 0
    private(set) var total = 0.0

    init(turns: Int) {
        self.turns = turns
        params = ["turns": turns]
    }

    func runFrame() {
        for turn in 0..<turns { total += sin(Double(turn)) }
        frames += 1
    }

    var counters: [String: Int] { ["frames": frames] }
}

enum SpinBench: BenchSuite {
    static let scenarios = ScenarioRegistry([
        Scenario("spin", options: [.integer("turns", default: 1_000, range: 1...1_000_000, help: "Sines per frame.")]) {
            settings in Spin(turns: settings.integer("turns") ?? 1_000)
        }
    ])
}

// @main enum Main { static func main() { BenchMain.run(SpinBench.self) } }
// README end

/// A suite declared outside the project gets the command line, its options' checks and help,
/// and the result file, through the public API alone.
struct UserSuiteTests {
    @Test func aUserScenarioRunsAndWritesItsResult() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("user-suite-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let command = try BenchCommand<SpinBench>.parse(["--frames", "3", "--warmup", "0", "--turns", "7", "--output", directory, "--quiet"])
        try command.run()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
        #expect(files.count == 1)
        let json = try String(contentsOfFile: directory + "/" + files[0], encoding: .utf8)
        #expect(json.contains("\"name\" : \"spin\""))
        #expect(json.contains("\"turns\" : 7"))
    }

    @Test func aBadValueOfAUserOptionIsOneLine() {
        #expect {
            try BenchCommand<SpinBench>.parse(["--turns", "0"])
        } throws: { error in
            BenchCommand<SpinBench>.message(for: error) == "--turns must be in 1...1000000, got 0"
        }
        #expect {
            try BenchCommand<SpinBench>.parse(["--spins", "3"])
        } throws: { error in
            BenchCommand<SpinBench>.message(for: error) == "unknown option '--spins'"
        }
    }

    @Test func helpListsTheUserOptionsWithTheirRanges() {
        let help = BenchCommand<SpinBench>.helpMessage(columns: 400)
        #expect(help.contains("--turns <integer> (1...1000000; default 1000): Sines per frame. Read by spin."))
        #expect(help.contains("--scenario <names>"))
    }
}
