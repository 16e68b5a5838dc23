import ArgumentParser
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the help texts and of bad input to the subcommands: every bad input is one line.
struct HelpAndInputTests {
    /// The one line `bench` prints for the error `parse` throws on `arguments`.
    private func errorLine(_ parse: () throws -> Any) -> String? {
        do {
            _ = try parse()
            return nil
        } catch {
            let outcome = CommandOutcome(error: error)
            #expect(outcome.status == .error)
            #expect(outcome.line?.contains("\n") == false)
            return outcome.line
        }
    }

    /// A negative number reaches the range check instead of "Missing value".
    @Test func negativeNumbersGiveTheRangeMessage() {
        #expect(errorLine { try BenchCommand<EcsBench>.parse(["--particles", "-1"]) } == "--particles must be in 1...50000000, got -1")
        #expect(errorLine { try BenchCommand<EcsBench>.parse(["--frames", "-3"]) } == "--frames must be in 1...1000000, got -3")
        #expect(errorLine { try BenchCommand<EcsBench>.parse(["--threads", "-2"]) } == "--threads must be in 1...1024, got -2")
        #expect(errorLine { try ECSCommand.parse(["--entities", "-1"]) } == "--entities must be in 1...50000000, got -1")
        #expect(errorLine { try ECSCommand.parse(["--threads", "-1"]) } == "--threads must be in 1...1024, got -1")
        // `bench ecs --threads` is parsed by `bench` too; both name the same range.
        for arguments in [["ecs", "--threads", "0"], ["ecs", "--threads", "1025"]] {
            #expect(errorLine { try BenchCommand<EcsBench>.parseAsRoot(arguments) } == "--threads must be in 1...1024, got \(arguments[2])")
        }
        #expect(errorLine { try CapacityCommand<EcsBench>.parse(["--start", "-5"]) } == "--start must be in 1...50000000, got -5")
        #expect(errorLine { try BenchCommand<EcsBench>.parse(["--fps", "-60"]) }?.hasPrefix("--fps must be") == true)
    }

    /// Every name option lists the valid names in its help and in the error for a wrong name.
    @Test func nameOptionsListTheValidNames() {
        let scenarios = ScenarioRegistry.standard.names.joined(separator: ", ")
        let workloads = ECSWorkloadCatalog.names.joined(separator: ", ")
        #expect(ECSCommand.helpMessage(columns: 400).contains(workloads))
        #expect(GateCommand<EcsBench>.helpMessage(columns: 400).contains(scenarios))
        #expect(CapacityCommand<EcsBench>.helpMessage(columns: 400).contains(ScenarioRegistry.standard.scalable.map(\.name).joined(separator: ", ")))
        #expect(errorLine { try ECSCommand.parse(["--workload", "nope"]) } == "unknown workload 'nope' (known: \(workloads))")
        let selectable = ScenarioRegistry.standard.selectableNames.joined(separator: ", ")
        #expect(errorLine { try GateCommand<EcsBench>.parse(["--scenario", "nope"]) } == "unknown scenario 'nope' (known: \(selectable))")
        #expect(errorLine { try CapacityCommand<EcsBench>.parse(["--scenario", "nope"]) } == "unknown scenario 'nope' (known: \(selectable))")
    }

    /// `bench gate --help` states the default of every option.
    @Test func gateHelpShowsDefaults() {
        let help = GateCommand<EcsBench>.helpMessage(columns: 400)
        for expected in [
            "(default: Benchmarks/thresholds.json)", "default: the thresholds file's, 20 when it has none",
            "default: the thresholds file's, 3 when it has none", "default: the thresholds file's, 10000 when it has none",
            "default: the thresholds file's, 12345 when it has none", "default: the thresholds file's, 2 when it has none",
            "default: table)", "(default: all of",
        ] {
            #expect(help.contains(expected), "\(expected)")
        }
    }

    /// The two thread defaults differ, and both helps say why.
    @Test func threadDefaultsAreExplainedInBothHelps() throws {
        #expect(try BenchCommand<EcsBench>.parse([]).measure.threads == 1)
        #expect(try ECSCommand.parse([]).threads == nil)
        #expect(["heavy_compute", "schedule", "particle_update"].map(ECSWorkloadCatalog.defaultThreads) == [2, 2, 1])
        let bench = BenchCommand<EcsBench>.helpMessage(columns: 400)
        let ecs = ECSCommand.helpMessage(columns: 400)
        #expect(bench.contains("bench ecs runs heavy_compute and schedule on 2 by default"))
        #expect(ecs.contains("bench defaults to 1"))
    }

    /// A snapshot path that cannot be written is rejected while parsing, before any frame.
    @Test func unwritableSnapshotIsRejectedBeforeMeasuring() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(errorLine { try BenchCommand<EcsBench>.parse(["--snapshot", directory + "/missing/frame.png"]) }
            == "cannot write \(directory)/missing/frame.png: directory \(directory)/missing does not exist")
        try FileManager.default.createDirectory(atPath: directory + "/taken.png", withIntermediateDirectories: false)
        #expect(errorLine { try BenchCommand<EcsBench>.parse(["--snapshot", directory + "/taken.png"]) }
            == "cannot write \(directory)/taken.png: it is a directory")
        #expect(try BenchCommand<EcsBench>.parse(["--snapshot", directory + "/frame.png"]).snapshot == directory + "/frame.png")
    }

    /// The usage names the three ways to call `bench`, and `--scenario` lists the scenarios
    /// that run only when named.
    @Test func helpShowsTheUsagesAndTheOnDemandScenarios() {
        let help = BenchCommand<EcsBench>.helpMessage(columns: 400)
        #expect(help.contains("USAGE: bench [--scenario <names>]"))
        #expect(help.contains("bench <subcommand> [<options>]"))
        // The scenario list wraps wherever its length puts the line end.
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("only when named: audio.direct, tiles.direct"))
    }

    /// `--wide` parses; the table fits the narrow width without it.
    @Test func wideFlagParses() throws {
        #expect(try BenchCommand<EcsBench>.parse(["--wide"]).wide)
        #expect(try !BenchCommand<EcsBench>.parse([]).wide)
        #expect(BenchCommand<EcsBench>.helpMessage(columns: 400).contains("or 120 columns when not a terminal"))
    }
}
