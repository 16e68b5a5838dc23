import ArgumentParser
import Testing

@testable import Bench
@testable import BenchKit

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

    /// Budget verdict names the numbers: p99 CPU time alone, or for a parallel scenario the
    /// median of its 10-frame wall minima with the p99 beside it.
    @Test func budgetVerdictNamesTheNumbers() {
        func frames(_ ns: UInt64) -> [UInt64] { Array(repeating: ns, count: 20) }
        let pass = BudgetJudge.judge(FrameSamples(cpuNs: frames(410_000), wallNs: frames(20_000_000)), parallel: false, budgetMs: 1000.0 / 60)
        #expect(pass.verdict == .pass)
        #expect(pass.reason == "p99 CPU 0.41 ms <= budget 16.67 ms")
        let fail = BudgetJudge.judge(FrameSamples(cpuNs: frames(20_000_000), wallNs: frames(410_000)), parallel: false, budgetMs: 1000.0 / 60)
        #expect(fail.verdict == .fail)
        #expect(fail.reason == "p99 CPU 20.00 ms > budget 16.67 ms")
        let parallel = BudgetJudge.judge(FrameSamples(cpuNs: frames(410_000), wallNs: frames(20_000_000)), parallel: true, budgetMs: 1000.0 / 60)
        #expect(parallel.verdict == .fail)
        #expect(parallel.reason == "wall 20.00 ms (median of 10-frame minima; p99 20.00 ms) > budget 16.67 ms")
    }

    /// A parallel frame stretched by a busy neighbour in most frames of every batch still passes
    /// when each batch has an undisturbed frame within the budget; a frame that never fits fails
    /// however few frames are slow.
    @Test func parallelVerdictsHoldUnderLoadAndStillCatchSlowFrames() {
        let loaded: [UInt64] = (0..<40).map { $0 % 10 == 3 ? 5_000_000 : 36_000_000 }
        let underLoad = BudgetJudge.judge(FrameSamples(cpuNs: loaded, wallNs: loaded), parallel: true, budgetMs: 1000.0 / 60)
        #expect(underLoad.verdict == .pass)
        let slow: [UInt64] = (0..<40).map { $0 % 10 == 3 ? 17_000_000 : 18_000_000 }
        let tooSlow = BudgetJudge.judge(FrameSamples(cpuNs: slow, wallNs: slow), parallel: true, budgetMs: 1000.0 / 60)
        #expect(tooSlow.verdict == .fail)
    }
}
