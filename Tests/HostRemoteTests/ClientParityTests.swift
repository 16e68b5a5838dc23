#if RemoteHost
import ECS
import Host
import HostExamples
import HostRemote
import Testing

/// The client's behaviours, the same against a host in process, a `RemoteHostServer` over a
/// loopback WebSocket and an `ecs-host` process.
@Suite(.timeLimit(.minutes(10))) struct ClientParityTests {
    @Test(arguments: Backend.allCases) func actionsOfEveryArityReturnTheirValue(_ backend: Backend) async throws {
        let fixture = try await BackendFixture(backend)
        defer { fixture.finish() }
        let handle = try await fixture.connected(createWithInput: 1)
        let zero: Int = try await handle.action("get")
        let one: Int = try await handle.action("add", 4)
        let two: Int = try await handle.action("sum2", 2, 3)
        let three: String = try await handle.action("describe3", "x", 7, true)
        let list: String = try await handle.action("describe3", args: ["y", 8, false])
        let echoed: JSONValue = try await handle.action("echo", JSONValue.object(["id": .uint(UInt64.max), "n": .int(-3)]))
        #expect(zero == 1 && one == 5 && two == 5 && three == "x-7-true" && list == "y-8-false")
        #expect(echoed == .object(["id": .uint(UInt64.max), "n": .int(-3)]))
    }

    @Test(arguments: Backend.allCases) func failingActionsThrowTypedErrorsThatNeverReachOnError(_ backend: Backend) async throws {
        let fixture = try await BackendFixture(backend)
        defer { fixture.finish() }
        let handle = try await fixture.connected()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        let failed = await actorError { let _: Int = try await handle.action("fail", "nope") }
        let unknown = await actorError { let _: Int = try await handle.action("missing") }
        let invalid = await actorError { let _: Int = try await handle.action("add", "four") }
        let wrongResult = await actorError { let _: String = try await handle.action("get") }
        #expect(failed?.group == "world" && failed?.code == "action_failed" && failed?.message.contains("refused: nope") == true)
        #expect(unknown?.code == "unknown_action")
        #expect(invalid?.code == "invalid_arguments")
        #expect(wrongResult?.group == "client" && wrongResult?.code == "decode_error")
        #expect(errors.all.isEmpty && handle.error == nil)
        let stillWorks: Int = try await handle.action("add", 1)
        #expect(stillWorks == 1)
    }

    @Test(arguments: Backend.allCases) func sendIsFireAndForgetAndDropsErrors(_ backend: Backend) async throws {
        let fixture = try await BackendFixture(backend)
        defer { fixture.finish() }
        let handle = try await fixture.connected()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        handle.send("fail", "dropped")
        handle.send("add", 3)
        handle.send("sum2", 1, 2)
        // Each send runs on its own task: poll until the addition has run, reading the total
        // after every sleep, so that a task resumed after the deadline still reads it once more.
        let deadline = ContinuousClock.now + .seconds(waitLimitSeconds)
        var total: Int = try await handle.action("get")
        while total != 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
            total = try await handle.action("get")
        }
        #expect(total == 3)
        // The failing send has run too by now (or runs later): neither reaches onError.
        try await Task.sleep(for: .milliseconds(50))
        #expect(errors.all.isEmpty && handle.error == nil)
    }

    @Test(arguments: Backend.allCases) func typedEventsArriveAndBadOnesAreDecodeErrors(_ backend: Backend) async throws {
        let fixture = try await BackendFixture(backend)
        defer { fixture.finish() }
        let handle = try await fixture.connected()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        let totals = handle.events("changed", as: Int.self)
        _ = handle.onEvent("changed") { (_: String) in }
        try await waitUntil("the subscription to reach the host") { true }
        let _: Int = try await handle.action("add", 2)
        let first = try await withTimeout("the changed event") {
            var iterator = totals.makeAsyncIterator()
            return await iterator.next()
        }
        #expect(first == 2)
        try await waitUntil("the decode error") { !errors.all.isEmpty }
        #expect(errors.all.first?.code == "decode_error")
        #expect(errors.all.first?.metadataField("event") == "changed")
    }

    @Test(arguments: Backend.allCases) func theSameIdentitySharesOneWorldAcrossClients(_ backend: Backend) async throws {
        let fixture = try await BackendFixture(backend)
        defer { fixture.finish() }
        let first = try await fixture.connected("shared", createWithInput: 10)
        let second = try await fixture.connected("shared", createWithInput: 99)
        let other = try await fixture.connected("other", createWithInput: 99)
        let _: Int = try await first.action("add", 5)
        let seen: Int = try await second.action("get")
        let separate: Int = try await other.action("get")
        #expect(first.hash == second.hash && first.hash != other.hash)
        #expect(seen == 15)
        #expect(separate == 99)
    }

    @Test(arguments: Backend.allCases) func statusGoesThroughEveryStateToDisposed(_ backend: Backend) async throws {
        let fixture = try await BackendFixture(backend)
        defer { fixture.finish() }
        let client = fixture.client()
        let handle = try client.actor("counter", key: "status")
        let notReady = await actorError { let _: Int = try await handle.action("get") }
        #expect(notReady?.code == "not_ready" && notReady?.metadataField("status") == "idle")
        let seen = Recorder<ActorConnStatus>()
        let updates = handle.stateUpdates()
        let watcher = Task {
            for await snapshot in updates {
                if seen.all.last != snapshot.connStatus { seen.append(snapshot.connStatus) }
                if snapshot.connStatus == .disposed { return }
            }
        }
        defer { watcher.cancel() }
        handle.mount()
        try await waitUntil("connected") { handle.isConnected }
        handle.unmount()
        try fixture.clock.advance(seconds: 4.9)
        #expect(handle.connStatus == .connected && client.isCached(handle.hash))
        try fixture.clock.advance(seconds: 0.1)
        try await waitUntil("disposed") { seen.all.last == .disposed }
        #expect(seen.all == [.idle, .connecting, .connected, .disposed])
        #expect(!client.isCached(handle.hash))
    }

    @Test(arguments: Backend.allCases) func anUnknownWorldClosesTheConnectionWithItsError(_ backend: Backend) async throws {
        let fixture = try await BackendFixture(backend)
        defer { fixture.finish() }
        let handle = try fixture.client().actor("nowhere", key: "x")
        handle.mount()
        try await waitUntil("the refusal") { handle.connStatus == .disconnected }
        #expect(handle.error?.code == "world_not_found")
        // A refusal is final: nothing retries it.
        #expect(fixture.clock.pendingTimers == 0)
    }
}
#endif
