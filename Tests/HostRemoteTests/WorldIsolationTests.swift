#if RemoteHost
import Foundation
import Host
import HostExamples
import HostRemote
import Testing

/// `ecs-host` runs each world on a queue of its own: actions that hold their worlds (more
/// of them than the server has event loops) neither delay another world's client nor outlive
/// the action budget, and their worlds answer again once free.
@Suite(.timeLimit(.minutes(10))) struct WorldIsolationTests {
    @Test func stalledWorldsDelayNoOtherClientAndAreAnsweredActionTimeout() async throws {
        let process = try await EcsHostProcess()
        defer { process.kill() }
        let config = try ClientConfig(endpoint: HostEndpoint(port: process.port))
        // Twice as many stalled worlds as the event loops that serve the sockets: served where
        // the sockets are, they would hold every loop.
        let stalled = try (0..<max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)).map { index in
            let handle = try HostClient(config: config).actor("counter", key: "stalled-\(index)")
            handle.mount()
            return handle
        }
        try await waitUntil("the stalled clients to connect") { stalled.allSatisfy(\.isConnected) }
        // Long stalls, so that the bounds below hold with room on a loaded, sanitised run.
        let stallMilliseconds = CounterWorld.maxStallMilliseconds
        let start = ContinuousClock.now
        let answers = stalled.map { handle in
            Task { await actorErrorCode { let _: Int = try await handle.action("stall", stallMilliseconds) } }
        }
        // Each stalled world's action began at once (its queue was idle) and is answered at the
        // budget, while its world stays held for the whole stall.
        for answer in answers {
            #expect(await answer.value == "action_timeout")
        }
        let answered = ContinuousClock.now - start
        #expect(answered < .milliseconds(stallMilliseconds / 2), "the stalled actions were answered after \(answered), not at the budget")

        // Meanwhile a fresh client on another world connects and acts at once.
        let freshStart = ContinuousClock.now
        let fresh = try HostClient(config: config).actor("counter", key: "fresh")
        fresh.mount()
        try await waitUntil("the fresh client to connect") { fresh.isConnected }
        let total: Int = try await fresh.action("add", 3)
        let freshElapsed = ContinuousClock.now - freshStart
        #expect(total == 3)
        #expect(freshElapsed < .milliseconds(stallMilliseconds / 4), "a fresh client's connect and add took \(freshElapsed)")

        // Once its stall ends, a stalled world answers again. Until then an action waiting its
        // turn is answered action_timeout and never runs, so the first answer is 1.
        var after: Int?
        let deadline = ContinuousClock.now + .seconds(waitLimitSeconds)
        while after == nil, ContinuousClock.now < deadline {
            do throws(ActorError) {
                let total: Int = try await stalled[0].action("add", 1)
                after = total
            } catch {
                guard error.code == "action_timeout" else { throw error }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        #expect(after == 1)
    }
}

/// The code of the `ActorError` `operation` throws, nil when it throws none.
private func actorErrorCode(_ operation: () async throws -> Void) async -> String? {
    do {
        try await operation()
        return nil
    } catch {
        return (error as? ActorError)?.code
    }
}
#endif
