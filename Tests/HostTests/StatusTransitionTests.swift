import ECS
import Host
import Testing

@Suite struct StatusTransitionTests {
    @Test func mountConnectsThenDisposalEndsTheConnection() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.client.actor("counter", key: "main")
        let updates = handle.stateUpdates()
        handle.mount()
        handle.unmount()
        try fixture.advance(5)
        let statuses = await first(4, of: updates).map(\.connStatus)
        #expect(statuses == [.idle, .connecting, .connected, .disposed])
    }

    @Test func aHostThatClosesTheConnectionLeavesItDisconnectedWithTheReason() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        let updates = handle.stateUpdates()
        fixture.host.shutDown()
        let snapshots = await first(2, of: updates)
        #expect(snapshots.map(\.connStatus) == [.connected, .disconnected])
        #expect(handle.error?.code == "connection_closed")
        #expect(errors.all.map(\.code) == ["connection_closed"])
        await #expect(throws: ActorError.self) { let _: Int = try await handle.action("get") }
    }

    @Test func disablingAndEnablingGoesThroughIdle() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        let updates = handle.stateUpdates()
        var options = handle.opts
        options.enabled = false
        handle.update(options)
        try fixture.advance(5)
        options.enabled = true
        handle.update(options)
        let statuses = await first(4, of: updates).map(\.connStatus)
        #expect(statuses == [.connected, .idle, .connecting, .connected])
    }

    @Test func anUnknownWorldEndsDisconnectedWithWorldNotFound() throws {
        let fixture = try HostFixture()
        let handle = try fixture.client.actor("nowhere", key: "x")
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        handle.mount()
        #expect(handle.connStatus == .disconnected)
        #expect(handle.error == errors.all.first)
        #expect(handle.error?.group == "host" && handle.error?.code == "world_not_found")
        #expect(handle.error?.description == "[host:world_not_found] no world named nowhere is registered")
        #expect(!handle.isConnected)
        // A disconnected connection is disposed like any other once its last handle leaves.
        handle.unmount()
        try fixture.advance(5)
        #expect(handle.connStatus == .disposed)
    }

    @Test func aWorldThatCannotBeCreatedEndsDisconnectedWithCreateFailed() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted(createWithInput: -1)
        #expect(handle.connStatus == .disconnected)
        #expect(handle.error?.group == "world" && handle.error?.code == "create_failed")
        #expect(fixture.host.worldHashes.isEmpty)
    }

    @Test func reconnectingClearsTheError() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        fixture.host.shutDown()
        #expect(handle.error != nil)
        handle.update(try ActorOptions("counter", key: ["other"]))
        #expect(handle.connStatus == .connected)
        #expect(handle.error == nil)
        #expect(handle.snapshot.isConnected)
    }
}
