#if RemoteHost
import ECS
import Host
@testable import HostRemote
import Testing

/// A host killed under its clients and started again: the backoff, on a virtual clock, the
/// statuses in between, the subscriptions sent again, and every action resolved exactly once.
@Suite(.timeLimit(.minutes(10))) struct ReconnectTests {
    @Test func aKilledHostIsReconnectedWithTheBackoffAndNoActionIsLostOrAnsweredTwice() async throws {
        let clock = VirtualClock()
        var host = try await EcsHostProcess(["--token", "t"])
        let port = host.port
        let client = HostClient(config: try ClientConfig(endpoint: HostEndpoint(port: port), token: "t"), clock: clock)
        let handle = try client.actor("counter", key: "reconnect", createWithInput: 7)
        let changes = Recorder<Int>()
        _ = handle.onEvent("changed") { (total: Int) in changes.append(total) }
        // Every status the handle publishes, in order (an attempt to a dead host can fail
        // before a test reads the status, so the tests count published `connecting` states).
        let statuses = Recorder<ActorConnStatus>()
        let updates = handle.stateUpdates()
        let watcher = Task { for await snapshot in updates { statuses.append(snapshot.connStatus) } }
        defer { watcher.cancel() }
        let attempts = { statuses.all.filter { $0 == .connecting }.count }
        handle.mount()
        try await waitUntil("the first connection") { handle.isConnected }
        let firstID = handle.connection?.hostConnectionID

        // Actions in flight when the host dies: each resolves once, with a value or an error.
        let outcomes = Recorder<Result<Int, ActorError>>()
        let actions = (0..<300).map { _ in
            Task {
                do throws(ActorError) {
                    let total: Int = try await handle.action("add", 1)
                    outcomes.append(.success(total))
                } catch {
                    outcomes.append(.failure(error))
                }
            }
        }
        try await Task.sleep(for: .milliseconds(5))
        host.kill()
        try await withTimeout("every action to resolve") { for action in actions { await action.value } }
        let totals = outcomes.all.compactMap { try? $0.get() }
        let failures = outcomes.all.compactMap { outcome -> ActorError? in
            if case .failure(let error) = outcome { return error }
            return nil
        }
        #expect(outcomes.all.count == 300)
        #expect(Set(totals).count == totals.count, "an action was answered twice")
        #expect(failures.allSatisfy { $0.code == "connection_closed" || $0.code == "not_ready" })

        // Between attempts the handle reads disconnected; each attempt waits min(0.5 s × n, 15 s).
        try await waitUntil("the drop") { handle.connStatus == .disconnected && clock.pendingTimers == 1 }
        #expect(handle.error?.code == "connection_closed")
        for attempt in 1...2 {
            let delay = 0.5 * Double(attempt)
            let before = attempts()
            try clock.advance(seconds: delay - 0.01)
            try await Task.sleep(for: .milliseconds(20))
            #expect(attempts() == before, "attempt \(attempt) started before \(delay) s")
            try clock.advance(seconds: 0.01)
            try await waitUntil("attempt \(attempt) at \(delay) s") { attempts() == before + 1 }
            try await waitUntil("attempt \(attempt) to fail") { handle.connStatus == .disconnected && clock.pendingTimers == 1 }
        }
        let notReady = await actorError { let _: Int = try await handle.action("get") }
        #expect(notReady?.code == "not_ready")

        host = try await EcsHostProcess(["--port", "\(port)", "--token", "t"])
        let beforeThird = attempts()
        try clock.advance(seconds: 1.49)
        #expect(attempts() == beforeThird && handle.connStatus == .disconnected)
        try clock.advance(seconds: 0.01)
        try await waitUntil("the reconnection") { handle.isConnected }
        #expect(handle.error == nil)
        #expect(handle.connection?.hostConnectionID != nil && firstID != nil)

        // The new host made the world again from the creation input; the subscription came back.
        let restarted: Int = try await handle.action("get")
        #expect(restarted == 7)
        let _: Int = try await handle.action("add", 1)
        try await waitUntil("the changed event after the reconnection") { changes.all.last == 8 }

        // A successful connection resets the backoff to 0.5 s.
        host.kill()
        try await waitUntil("the second drop") { handle.connStatus == .disconnected && clock.pendingTimers == 1 }
        let beforeReset = attempts()
        try clock.advance(seconds: 0.5)
        try await waitUntil("the first attempt after a reset, at 0.5 s") { attempts() == beforeReset + 1 }
        handle.unmount()
        try clock.advance(seconds: 20)
    }

    @Test func theBackoffGrowsByHalfASecondUpToFifteen() {
        let delays = (1...32).map { ReconnectBackoff.delay(attempt: $0) }
        #expect(delays.prefix(3) == [.milliseconds(500), .seconds(1), .milliseconds(1500)])
        #expect(delays[29] == .seconds(15) && delays[31] == .seconds(15))
    }
}
#endif
