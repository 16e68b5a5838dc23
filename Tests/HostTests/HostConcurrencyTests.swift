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
}
