import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// `bench compare` on degenerate files, disjoint runs and different machines: one line, exit 1.
struct CompareInputTests {
    private let good = ResultFiles.run([("synthetic", 1e6)], seed: 1)

    /// Writes the good baseline and a candidate edited by `edit`, compares them and returns
    /// the candidate's path and the outcome.
    private func compareAgainst(
        _ name: String, edit: (inout [String: Any]) -> Void
    ) throws -> (path: String, outcome: CommandOutcome?) {
        let directory = try Fixtures.temporaryDirectory()
        let baseline = try ResultFiles.write(good, "base.json", in: directory)
        let candidate = try ResultFiles.write(good, name, in: directory, edit: edit)
        return (candidate, ResultFiles.failure(["compare", baseline, candidate]))
    }

    /// An empty file (found by the result-file fuzz target, whose read leaked) is refused
    /// by name with one line, before it is read.
    @Test func emptyFileGivesOneLine() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/result-file/empty-file.json").path
        // Its size, not its contents: Foundation's `contents(atPath:)` leaks on an empty file.
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
        let outcome = try #require(ResultFiles.failure(["compare", path, path]))
        #expect(outcome.status == .error)
        #expect(outcome.line == "\(path): empty file, not a bench result")
    }

    /// Each degenerate sample list gives one line naming the file and the problem, exit 1.
    @Test(arguments: [
        ("[]", "scenario 'synthetic' has no cpu_ns samples"),
        ("[7, 7, 7, 7, 7, 7]", "scenario 'synthetic' has 6 cpu_ns samples all equal to 7: no spread"),
        ("[5, 0, 9, 9, 8, 7]", "scenario 'synthetic' has a cpu_ns sample of 0 (frame 1)"),
        ("[5, 6, -3, 9, 8, 7]", "malformed bench result: scenarios[0].samples.cpu_ns[2] is -3, not a non-negative integer"),
        ("[5, 6, 2.5, 9, 8, 7]", "malformed bench result: scenarios[0].samples.cpu_ns[2] is 2.5, not a non-negative integer"),
        ("[\"5\", 6, 7, 9, 8, 7]", "malformed bench result: scenarios[0].samples.cpu_ns[0] is \"5\", not a non-negative integer"),
        ("[1, 0, true, 9, 8, 7]", "malformed bench result: scenarios[0].samples.cpu_ns[2] is true, not a non-negative integer"),
    ])
    func degenerateSamplesGiveOneLine(samples: String, problem: String) throws {
        let values = try JSONSerialization.jsonObject(with: Data(samples.utf8))
        let (path, outcome) = try compareAgainst("candidate.json") {
            ResultFiles.setCPUSamples(values, in: &$0)
        }
        let result = try #require(outcome)
        #expect(result.status == .error)
        let line = try #require(result.line)
        #expect(line.hasPrefix("\(path): \(problem)"), "\(line)")
        #expect(!line.contains("\n"))
    }

    /// A value the decoder quotes in its refusal (a verdict, clock, rule or unit that is not
    /// one) and a file name reach the one line escaped: no title sequence, no reordering.
    @Test(arguments: [["verdict"], ["judged", "0", "clock"], ["judged", "0", "rule"], ["judged", "0", "unit"]])
    func valuesAndNamesInARefusalAreEscaped(field: [String]) throws {
        let evil = "x\u{1B}]0;owned\u{07}\u{202E}y"
        let (_, outcome) = try compareAgainst("cand\u{1B}[2Jidate\u{202E}.json") { object in
            var scenarios = object["scenarios"] as! [[String: Any]]
            if field.count == 1 {
                scenarios[0][field[0]] = evil
            } else {
                scenarios[0]["judged"] = [[
                    "statistic": "p99", "clock": "cpu", "value": 1.0, "limit": 2.0, "unit": "ms/frame", "rule": "at_most",
                ].merging([field[2]: evil]) { $1 }]
            }
            object["scenarios"] = scenarios
        }
        let refusal = try #require(outcome)
        let line = try #require(refusal.line)
        #expect(!line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(line.debugDescription)")
        #expect(line.contains(#"\u{1B}"#) && line.contains(#"\u{202E}"#))
    }

    /// Names that hold terminal escapes, CR or LF are read back escaped, so `compare`,
    /// `history` and the "not compared" line print them as text.
    @Test func controlCharactersInNamesAreEscaped() throws {
        let directory = try Fixtures.temporaryDirectory()
        let evil = "evil\u{1B}[2J\r\nverdict: pass\u{9B}"
        let path = try ResultFiles.write(good, "evil.json", in: directory) { object in
            var scenarios = object["scenarios"] as! [[String: Any]]
            scenarios[0]["name"] = evil
            scenarios[0]["params"] = ["work\u{7}": 1]
            object["scenarios"] = scenarios
            var environment = object["environment"] as! [String: Any]
            environment["cpu_model"] = "cpu\u{1B}]0;title\u{7}"
            object["environment"] = environment
        }
        let run = try ResultCoding.load(path)
        #expect(run.scenarios[0].name == "evil\\u{1B}[2J\\u{D}\\u{A}verdict: pass\\u{9B}")
        #expect(run.scenarios[0].params.keys.first == "work\\u{7}")
        #expect(run.environment.cpuModel == "cpu\\u{1B}]0;title\\u{7}")
        let printed = run.scenarios[0].name + run.environment.cpuModel
        #expect(!printed.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(PrintableText.escaped("plain ünïcode name") == "plain ünïcode name")
    }

    /// A name past its bound is refused by name and length in one line, at once (a 10 MB name
    /// took 17 s to compare).
    @Test func aHugeNameIsRefused() throws {
        let huge = String(repeating: "x", count: 10 << 20)
        let (path, outcome) = try compareAgainst("huge.json") { object in
            var scenarios = object["scenarios"] as! [[String: Any]]
            scenarios[0]["name"] = huge
            object["scenarios"] = scenarios
        }
        #expect(outcome?.status == .error)
        #expect(outcome?.line == "\(path): malformed bench result: scenarios[0].name is 10485760 characters long (at most 256)")
    }

    /// A missing field is named with its path.
    @Test func missingFieldIsNamed() throws {
        let (path, outcome) = try compareAgainst("missing.json") { ResultFiles.setCPUSamples(nil, in: &$0) }
        #expect(outcome?.line == "\(path): malformed bench result: missing field scenarios[0].samples.cpu_ns")
        #expect(outcome?.status == .error)
        let (typed, mistyped) = try compareAgainst("typed.json") {
            var settings = $0["settings"] as! [String: Any]
            settings["frames"] = "many"
            $0["settings"] = settings
        }
        #expect(mistyped?.line == "\(typed): malformed bench result: settings.frames has the wrong type (expected Int)")
    }

    /// NaN, text that is not JSON, a list, another schema and a missing file each give one line.
    @Test func unreadableFilesGiveOneLine() throws {
        let directory = try Fixtures.temporaryDirectory()
        let baseline = try ResultFiles.write(good, "base.json", in: directory)
        let text = String(decoding: try ResultCoding.encode(good), as: UTF8.self)
        let nan = try ResultFiles.write(
            Data(text.replacingOccurrences(of: "\"cpu_ns\" : [", with: "\"cpu_ns\" : [NaN, ").utf8),
            "nan.json", in: directory)
        let notJSON = try ResultFiles.write(Data("frames: 3\n".utf8), "text.json", in: directory)
        let schema = try ResultFiles.write(good, "schema.json", in: directory) { $0["schema"] = 3 }
        let list = try ResultFiles.write(Data("[1, 2]".utf8), "list.json", in: directory)
        let cases = [
            (nan, "not valid JSON"), (notJSON, "not valid JSON"), (list, "not a JSON object"),
            (schema, "schema 3 is not supported (expected 1 to 2)"),
            (directory + "/absent.json", "no such file"), (directory, "is a directory, not a file"),
        ]
        for (path, reason) in cases {
            let outcome = ResultFiles.failure(["compare", baseline, path])
            #expect(outcome?.line == "\(path): \(reason)")
            #expect(outcome?.status == .error)
        }
    }

    /// Runs without a scenario in common are an error, not a silent success.
    @Test func noScenarioInCommonIsAnError() throws {
        let directory = try Fixtures.temporaryDirectory()
        let a = try ResultFiles.write(ResultFiles.run([("a", 1e6)], seed: 1), "a.json", in: directory)
        let b = try ResultFiles.write(ResultFiles.run([("b", 1e6)], seed: 2), "b.json", in: directory)
        let outcome = ResultFiles.failure(["compare", a, b])
        #expect(outcome?.status == .error)
        #expect(outcome?.line == "no scenario in common (same name and parameters) between \(a) and \(b)")
    }

    /// Runs from different CPU models are refused unless allowed; allowed, the report says so.
    @Test func differentMachinesAreRefusedUnlessAllowed() throws {
        let directory = try Fixtures.temporaryDirectory()
        let a = try ResultFiles.write(ResultFiles.run([("a", 1e6)], seed: 1, rounds: 5, cpu: "CPU one"), "a.json", in: directory)
        let b = try ResultFiles.write(ResultFiles.run([("a", 2e6)], seed: 2, rounds: 5, cpu: "CPU two"), "b.json", in: directory)
        let refused = ResultFiles.failure(["compare", a, b])
        #expect(refused?.status == .error)
        #expect(refused?.line == "\(a) and \(b) were measured on different CPUs ('CPU one' and 'CPU two'): not judged (--allow-different-machines judges anyway)")
        let judged = ResultFiles.failure(["compare", a, b, "--allow-different-machines", "--format", "json"])
        #expect(judged?.status == .failure)
        #expect(judged?.line == nil)
    }

    /// The report of an allowed cross-machine comparison carries the note in every format
    /// that holds text, and in its JSON.
    @Test func crossMachineNoteIsInTheReport() throws {
        var report = Comparator().compare(
            baseline: ResultFiles.run([("a", 1e6)], seed: 1), candidate: ResultFiles.run([("a", 1e6)], seed: 2))
        report.notes = ["judged although measured on different CPUs ('x' and 'y')"]
        let table = try report.rendered(.table)
        #expect(table.hasSuffix("\nnote: judged although measured on different CPUs ('x' and 'y')\n"))
        #expect(try report.rendered(.markdown).contains("|\n\nnote: judged although"))
        #expect(!(try report.rendered(.csv)).contains("note"))
        let json = try JSONSerialization.jsonObject(with: Data(try report.rendered(.json).utf8)) as? [String: Any]
        #expect(json?["notes"] as? [String] == report.notes)
    }

    /// One scenario in common is enough; the others are reported as not compared.
    @Test func partialOverlapIsCompared() throws {
        let directory = try Fixtures.temporaryDirectory()
        let a = try ResultFiles.write(ResultFiles.run([("a", 1e6), ("b", 1e6)], seed: 1), "a.json", in: directory)
        let b = try ResultFiles.write(ResultFiles.run([("a", 1e6)], seed: 2), "b.json", in: directory)
        #expect(ResultFiles.failure(["compare", a, b, "--format", "csv"]) == nil)
    }
}
