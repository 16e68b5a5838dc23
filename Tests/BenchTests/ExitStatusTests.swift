import ArgumentParser
import Testing

@testable import Bench

/// Tests of exit codes and verdicts.
struct ExitStatusTests {
    /// Verdicts map to exit codes.
    @Test func verdictsMapToExitCodes() {
        #expect(ExitStatus(.pass).rawValue == 0)
        #expect(ExitStatus(.notJudged).rawValue == 0)
        #expect(ExitStatus(.fail).rawValue == 2)
    }

    /// Overall verdict.
    @Test func overallVerdict() {
        #expect(Verdict.overall([]) == .pass)
        #expect(Verdict.overall([.pass, .pass]) == .pass)
        #expect(Verdict.overall([.pass, .notJudged]) == .notJudged)
        #expect(Verdict.overall([.notJudged, .fail, .pass]) == .fail)
    }

    /// Errors map to oUTComes.
    @Test func errorsMapToOutcomes() {
        let failure = CommandOutcome(error: ExitCode(2))
        #expect(failure.status == .failure && failure.line == nil)
        let benchError = CommandOutcome(error: BenchError.unwritableOutput(path: "/x", reason: "denied"))
        #expect(benchError.status == .error && benchError.line == "cannot write /x: denied")
        let help = CommandOutcome(error: CleanExit.helpRequest())
        #expect(help.isHelp && help.status == .success)
        let validation = CommandOutcome(error: ValidationError("--frames must be in 1...1000000, got 0"))
        #expect(validation.status == .error)
        #expect(validation.line == "--frames must be in 1...1000000, got 0")
    }

    /// Budget verdict names the numbers.
    @Test func budgetVerdictNamesTheNumbers() {
        let over = FrameTimeSummary(nanoseconds: [20_000_000])
        let under = FrameTimeSummary(nanoseconds: [410_000])
        let pass = BudgetJudge.judge(cpu: under, wall: over, parallel: false, budgetMs: 1000.0 / 60)
        #expect(pass.verdict == .pass)
        #expect(pass.reason == "p99 CPU 0.41 ms <= budget 16.67 ms")
        let fail = BudgetJudge.judge(cpu: over, wall: under, parallel: false, budgetMs: 1000.0 / 60)
        #expect(fail.verdict == .fail)
        #expect(fail.reason == "p99 CPU 20.00 ms > budget 16.67 ms")
        let parallel = BudgetJudge.judge(cpu: under, wall: over, parallel: true, budgetMs: 1000.0 / 60)
        #expect(parallel.reason == "p99 wall 20.00 ms > budget 16.67 ms")
    }
}
