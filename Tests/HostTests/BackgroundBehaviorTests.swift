import ECS
import Host
import Testing

/// Each behaviour, for inline worlds and for isolated ones (whose background changes run on
/// the world's queue, in order with its frames and actions).
@Suite struct BackgroundBehaviorTests {
    static let executions = [WorldExecution.inline, try! WorldExecution.isolated(actionBudget: .seconds(600))]

    /// Runs 0.5 s in the foreground, 1 s in the background and 0.5 s back in the foreground;
    /// returns the step count and playing flag after each phase.
    private func run(_ behavior: BackgroundBehavior, _ execution: WorldExecution) async throws -> [(steps: Int, playing: Bool)] {
        let fixture = try HostFixture(counterDefinition(backgroundBehavior: behavior), execution: execution)
        let handle = try fixture.mounted()
        var phases: [(Int, Bool)] = []
        func record() async throws {
            let steps: Int = try await handle.action("steps")
            let playing: Bool = try await handle.action("playing")
            phases.append((steps, playing))
        }
        try fixture.advance(0.5)
        try await record()
        fixture.host.enterBackground()
        try await record()
        try fixture.advance(1)
        try await record()
        fixture.host.enterForeground()
        try fixture.advance(0.5)
        try await record()
        return phases
    }

    @Test(arguments: executions) func stopGoesToTheStartFrameAndStaysStopped(execution: WorldExecution) async throws {
        let phases = try await run(.stop, execution)
        #expect(phases.map(\.steps) == [30, 0, 0, 0])
        #expect(phases.map(\.playing) == [true, false, false, false])
    }

    @Test(arguments: executions) func pauseHoldsTheFrameAndStaysPaused(execution: WorldExecution) async throws {
        let phases = try await run(.pause, execution)
        #expect(phases.map(\.steps) == [30, 30, 30, 30])
        #expect(phases.map(\.playing) == [true, false, false, false])
    }

    @Test(arguments: executions) func pauseAndRestoreHoldsTheFrameAndResumesWithoutCatchingUp(execution: WorldExecution) async throws {
        let phases = try await run(.pauseAndRestore, execution)
        #expect(phases.map(\.steps) == [30, 30, 30, 60])
        #expect(phases.map(\.playing) == [true, false, false, true])
    }

    @Test(arguments: executions) func forceFinishJumpsToTheEndFrame(execution: WorldExecution) async throws {
        let phases = try await run(.forceFinish, execution)
        #expect(phases.map(\.steps) == [30, 100, 100, 100])
        #expect(phases.map(\.playing) == [true, false, false, false])
    }

    @Test(arguments: executions) func continuePlayingKeepsRunning(execution: WorldExecution) async throws {
        let phases = try await run(.continuePlaying, execution)
        #expect(phases.map(\.steps) == [30, 30, 90, 120])
        #expect(phases.map(\.playing) == [true, true, true, true])
    }

    @Test func pauseAndRestoreDoesNotResumeAWorldThatWasPaused() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        fixture.host.enterBackground()
        fixture.host.enterForeground()
        fixture.host.enterBackground()
        fixture.host.enterBackground()  // a second call changes nothing
        fixture.host.enterForeground()
        let playing: Bool = try await handle.action("playing")
        #expect(playing)
        let stopped = try HostFixture(counterDefinition(backgroundBehavior: .pause))
        let other = try stopped.mounted()
        stopped.host.enterBackground()
        stopped.host.enterForeground()
        stopped.host.enterBackground()
        let stillPaused: Bool = try await other.action("playing")
        #expect(!stillPaused)
    }

    @Test func aWorldCreatedInTheBackgroundStartsInIt() async throws {
        let fixture = try HostFixture(counterDefinition(backgroundBehavior: .pause))
        fixture.host.enterBackground()
        let handle = try fixture.mounted()
        try fixture.advance(1)
        let steps: Int = try await handle.action("steps")
        #expect(steps == 0)
    }
}
