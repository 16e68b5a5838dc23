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
        let stallMilliseconds = 4_000
        let start = ContinuousClock.now
        let answers = stalled.map { handle in
            Task { await actorErrorCode { let _: Int = try await handle.action("stall", stallMilliseconds) } }
        }
        try await Task.sleep(for: .milliseconds(50))

        let fresh = try HostClient(config: config).actor("counter", key: "fresh")
        fresh.mount()
        try await waitUntil("the fresh client to connect") { fresh.isConnected }
        let total: Int = try await fresh.action("add", 3)
        let freshElapsed = ContinuousClock.now - start
        #expect(total == 3)
        #expect(freshElapsed < .milliseconds(stallMilliseconds / 2), "a fresh client's connect and add took \(freshElapsed)")

        for answer in answers {
            #expect(await answer.value == "action_timeout")
        }
        let answered = ContinuousClock.now - start
        #expect(answered < .milliseconds(stallMilliseconds), "the stalled actions were answered after \(answered), not at the budget")

        // Once its stall ends, a stalled world answers again.
        try await Task.sleep(until: start + .milliseconds(stallMilliseconds + 200))
        let after: Int = try await withTimeout("an action after the stall") { try await stalled[0].action("add", 1) }
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
