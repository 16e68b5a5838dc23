import ECS
import Host
import Testing

/// Threads: actions from many tasks while the world ticks on a real clock.
@Suite struct HostConcurrencyTests {
    @Test func concurrentActionsNeverOverlapAStepOrEachOther() async throws {
        let host = WorldHost()
        try host.register(counterDefinition(targetFrameRate: 1000))
        let client = HostClient(host: host)
        let handle = try client.actor("counter", key: "shared")
        handle.mount()
        let seen = Recorder<Int>()
        handle.onEvent("steps") { (step: Int) in seen.append(step) }
        let diagnostics = try #require(host.diagnostics(for: handle.hash))
        await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<500 {
                        let _: Int = try await handle.action("add", 1)
                        _ = diagnostics[.frames] + diagnostics[.actions]
                    }
                }
            }
        }
        let total: Int = try await handle.action("get")
        #expect(total == 4000)
        #expect(diagnostics[.actions] == 4001)
        // Events arrive in emission order whichever thread delivers them.
        let steps = seen.all
        #expect(steps == steps.sorted())
        host.shutDown()
    }

    @Test func noStepRunsWhileAnActionRuns() async throws {
        let host = WorldHost()
        try host.register(counterDefinition(targetFrameRate: 1000))
        let handle = try HostClient(host: host).actor("counter", key: "busy")
        handle.mount()
        await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<200 {
                        let _: Int = try await handle.action("busy", 20_000)
                        // In-process actions never suspend: yield so that frames get a thread.
                        await Task.yield()
                    }
                }
            }
        }
        var steps: Int = try await handle.action("steps")
        for _ in 0..<500 where steps == 0 {  // a loaded machine may not have ticked yet
            try await Task.sleep(for: .milliseconds(10))
            steps = try await handle.action("steps")
        }
        let overlaps: Int = try await handle.action("overlaps")
        #expect(steps > 0)
        #expect(overlaps == 0)
        host.shutDown()
    }
}
