import ECS
import Host
import Testing

@Suite struct RunningWorldTests {
    @Test(arguments: [(30, nil, 30), (60, nil, 60), (30, 1.0 / 60, 60), (24, 1.0 / 120, 120)] as [(Int, Double?, Int)])
    func framesFollowTheTargetFrameRateAndStepsTheFixedStep(rate: Int, step: Double?, steps: Int) async throws {
        let fixture = try HostFixture(counterDefinition(targetFrameRate: rate, fixedStep: step))
        let handle = try fixture.mounted()
        try fixture.advance(1)
        let diagnostics = try #require(fixture.host.diagnostics(for: handle.hash))
        #expect(diagnostics[.frames] == rate)
        #expect(diagnostics[.steps] == steps)
        let counted: Int = try await handle.action("steps")
        #expect(counted == steps)
    }

    @Test func diagnosticsCountActionsEventsAndErrors() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        // Another client has its own connection to the same world.
        let second = try HostClient(host: fixture.host).actor("counter", key: "main")
        second.mount()
        handle.onEvent("message") { (_: String) in }
        second.onEvent("message") { (_: String) in }
        let _: Int = try await handle.action("emit", "message", ["x"])
        _ = await actorError { let _: Int = try await handle.action("fail") }
        let diagnostics = try #require(fixture.host.diagnostics(for: handle.hash))
        #expect(diagnostics[.actions] == 2)
        #expect(diagnostics[.eventsSent] == 2)
        #expect(diagnostics[.errors] == 1)
        #expect(diagnostics.lastError?.code == "action_failed")
    }

    @Test func failingStepsReachTheErrorCallbackAndTheWorldKeepsRunning() async throws {
        let fixture = try HostFixture()
        let reported = Recorder<String>()
        fixture.host.onError { hash, error in reported.append("\(hash) \(error.code)") }
        let handle = try fixture.mounted()
        let _: Bool = try await handle.action("failSteps", true)
        try fixture.advance(0.05)
        let _: Bool = try await handle.action("failSteps", false)
        try fixture.advance(0.05)
        let diagnostics = try #require(fixture.host.diagnostics(for: handle.hash))
        #expect(reported.all == Array(repeating: "\(handle.hash) step_failed", count: 3))
        #expect(diagnostics[.errors] == 3)
        #expect(diagnostics[.steps] == 3)
        #expect(diagnostics.lastError?.code == "step_failed")
        #expect(handle.error == nil)  // world errors go to the host's callback, not to clients
    }

    @Test func aStoppedWorldNoLongerTicks() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        handle.unmount()
        try fixture.advance(5)
        #expect(fixture.host.worldHashes.isEmpty)
        #expect(fixture.clock.pendingTimers == 0)
    }

    @Test func aScheduledWorldRunsItsSystemsEachStep() async throws {
        let clock = VirtualClock()
        let host = WorldHost(clock: clock)
        let definition = try WorldDefinition("systems", targetFrameRate: 10) { _ in
            let world = World()
            let schedule = try Schedule()
            schedule.add(FunctionSystem("count", access: SystemAccess(writes: [Int.self])) { context in
                try context.world.resources.modify(Int.self) { $0 += 1 }
            })
            try world.resources.insert(0)
            return ScheduledWorld(world: world, schedule: schedule)
        }
        .action("runs") { (model: ScheduledWorld) in try model.world.resources.get(Int.self) }
        try host.register(definition)
        let handle = try HostClient(host: host).actor("systems", key: "k")
        handle.mount()
        try clock.advance(seconds: 1)
        let runs: Int = try await handle.action("runs")
        #expect(runs == 10)
    }
}
