import ArgumentParser
import Testing

@testable import Bench
@testable import BenchKit

/// `bench host` chooses the hosted-world scenario from its flags and runs it as the default
/// run does, with the default run's options and checks.
struct HostCommandTests {
    /// The run `bench host <arguments>` makes.
    private func defaultRun(_ arguments: [String]) throws -> BenchCommand<EcsBench> {
        guard let command = try BenchCommand<EcsBench>.parseStrictly(["host"] + arguments) as? HostCommand else {
            throw ValidationError("bench host parsed as another command")
        }
        return try BenchCommand<EcsBench>.parse(command.runArguments)
    }

    @Test func eachFlagSelectsItsScenario() throws {
        #expect(try defaultRun([]).scenario == "host")
        #expect(try defaultRun(["--remote"]).scenario == "host.remote")
        let load = try defaultRun(["--remote", "--load"])
        #expect(load.scenario == "host.remote.load")
        #expect(load.measure.frames == 1 && load.measure.warmup == 0)
    }

    @Test func theDefaultRunsOptionsPassThrough() throws {
        let run = try defaultRun(["--remote", "--frames", "7", "--warmup=2", "--no-save", "--format", "json", "--wide"])
        #expect(run.scenario == "host.remote")
        #expect(run.measure.frames == 7 && run.measure.warmup == 2)
        #expect(run.noSave && run.wide && run.format == .json)
        let load = try defaultRun(["--load", "--remote", "--frames", "3"])
        #expect(load.measure.frames == 3 && load.measure.warmup == 0)
    }

    @Test(arguments: [
        ["--load"], ["--scenario", "host"], ["--remote", "--scenario=confetti"], ["--frames", "0"],
        ["--bogus"], ["--remote", "--format", "xml"],
    ])
    func badArgumentsGiveOneLine(arguments: [String]) {
        do {
            _ = try BenchCommand<EcsBench>.parseStrictly(["host"] + arguments)
            Issue.record("bench host \(arguments) parsed")
        } catch {
            let outcome = CommandOutcome(error: error)
            #expect(outcome.status == .error, "\(arguments)")
            #expect(outcome.line?.contains("\n") == false, "\(arguments)")
        }
    }
}
