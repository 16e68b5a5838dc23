import ArgumentParser
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of argument parsing and validation.
struct ArgumentTests {
    /// `bench SUB --help` (and `-h`) prints the subcommand's help, as `bench help SUB` does.
    @Test func aSubcommandsHelpFlagShowsItsOwnHelp() throws {
        typealias Command = BenchCommand<EcsBench>
        func help(_ arguments: [String]) -> String {
            switch Result(catching: { try Command.parseStrictly(arguments) }) {
            case .success: "parsed"
            case .failure(let error): Command.fullMessage(for: error)
            }
        }
        for name in ["compare", "gate", "history", "noise", "capacity", "ecs"] {
            let expected = help(["help", name])
            #expect(expected != help(["--help"]), "\(name)'s help is its own")
            #expect(help([name, "--help"]) == expected, "\(name) --help")
            #expect(help([name, "-h"]) == expected, "\(name) -h")
        }
    }

    /// Defaults parse.
    @Test func defaultsParse() throws {
        let command = try BenchCommand<EcsBench>.parse([])
        #expect(command.particles == 100_000)
        #expect(command.measure.frames == 300)
        #expect(command.measure.warmup == 30)
        #expect(command.measure.fps == 60)
        #expect(command.measure.seed == 12345)
        #expect(command.measure.threads == 1)
        #expect(command.output == "results")
        #expect(command.harness == .native)
        #expect(command.format == .table)
    }

    /// Bad arguments are rejected.
    @Test(arguments: [
        ["--particles=-5"], ["--particles", "0"], ["--particles", "50000001"],
        ["--frames", "0"], ["--warmup=-1"], ["--fps", "0"], ["--fps=-60"], ["--fps", "nan"],
        ["--fps", "inf"], ["--threads", "0"], ["--scenario", "nope"], ["--format", "xml"],
        ["--harness", "other"], ["--snapshot", "plot.jpg"], ["--bogus"], ["--", "--benchmark_x"],
    ])
    func badArgumentsAreRejected(arguments: [String]) {
        #expect(throws: (any Error).self) { try BenchCommand<EcsBench>.parse(arguments) }
    }

    /// Bad arguments give one line.
    @Test func badArgumentsGiveOneLine() {
        do {
            _ = try BenchCommand<EcsBench>.parseAsRoot(["--scenario", "nope"])
            Issue.record("expected an error")
        } catch {
            let outcome = CommandOutcome(error: error)
            #expect(outcome.status == .error)
            let known = ScenarioRegistry.standard.selectableNames.joined(separator: ", ")
            #expect(outcome.line == "unknown scenario 'nope' (known: \(known))")
            #expect(outcome.line?.contains("\n") == false)
        }
    }

    /// A list that names nothing is an error listing the valid names, never an empty pass or the
    /// whole suite.
    @Test(arguments: ["", ",", " , ", ",,"])
    func emptySelectionsAreRejected(list: String) {
        let known = ScenarioRegistry.standard.selectableNames.joined(separator: ", ")
        for parse in [{ try BenchCommand<EcsBench>.parseAsRoot(["--scenario", list]) }, { try GateCommand<EcsBench>.parseAsRoot(["--scenario", list]) }] {
            do {
                _ = try parse()
                Issue.record("'\(list)' was accepted")
            } catch {
                #expect(CommandOutcome(error: error).line == "--scenario names no scenario (got '\(list)'); choose from \(known)")
            }
        }
        do {
            _ = try ECSCommand.parseAsRoot(["--workload", list])
            Issue.record("'\(list)' was accepted")
        } catch {
            #expect(CommandOutcome(error: error).line?.hasPrefix("--workload names no workload (got '\(list)'); choose from ") == true)
        }
    }

    /// Gbench flags follow the terminator.
    @Test func gbenchFlagsFollowTheTerminator() throws {
        let command = try BenchCommand<EcsBench>.parse(["--harness", "gbench", "--", "--benchmark_repetitions=3"])
        #expect(command.benchmarkFlags == ["--benchmark_repetitions=3"])
    }

    /// Subcommands validate.
    @Test func subcommandsValidate() {
        #expect(throws: (any Error).self) { try CompareCommand.parse(["a.json"]) }
        #expect(throws: (any Error).self) { try CompareCommand.parse(["a.json", "b.json", "--noise-floor=-1"]) }
        #expect(throws: (any Error).self) { try CapacityCommand<EcsBench>.parse(["--start", "0"]) }
        #expect(throws: (any Error).self) { try CapacityCommand<EcsBench>.parse(["--start", "100", "--max-particles", "10"]) }
        #expect(throws: (any Error).self) { try GateCommand<EcsBench>.parse(["--scenario", "nope"]) }
        #expect(throws: (any Error).self) { try GateCommand<EcsBench>.parse(["--tolerance", "nan"]) }
    }

    /// The help documents every option of the default run with its default.
    @Test func helpDocumentsDefaults() {
        let help = BenchCommand<EcsBench>.helpMessage(columns: 200)
        for expected in [
            "--particles <particles> ", "(default: 100000)", "(default: 300)", "(default: 30)",
            "(default: 60.0)", "(default: 12345)", "(default: results)", "--no-save", "--snapshot",
            "--harness", "--quiet", "--scenario", "--format", "--threads",
        ] {
            #expect(help.contains(expected), "\(expected)")
        }
    }
}
