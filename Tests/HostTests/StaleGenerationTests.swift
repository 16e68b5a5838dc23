import ECS
import Host
import Testing

@Suite struct StaleGenerationTests {
    @Test func eventsOfALeftConnectionAreDropped() throws {
        let transport = RecordingTransport()
        let client = HostClient(transport: transport, clock: VirtualClock())
        let handle = try client.actor("counter", key: "one")
        let received = Recorder<Int>()
        handle.onEvent("steps") { (steps: Int) in received.append(steps) }
        handle.mount()
        transport.deliver(.initialized(InitMessage(actorID: "one", connectionID: 1)), to: 0)
        transport.deliver(.event(EventMessage(name: "steps", args: [1])), to: 0)
        handle.update(try ActorOptions("counter", key: ["two"]))
        #expect(transport.opened == 2)
        transport.deliver(.initialized(InitMessage(actorID: "two", connectionID: 2)), to: 1)
        // The old connection is still cached for 5 s and still hears from its host.
        transport.deliver(.event(EventMessage(name: "steps", args: [2])), to: 0)
        transport.deliver(.closed(nil), to: 0)
        transport.deliver(.event(EventMessage(name: "steps", args: [3])), to: 1)
        #expect(received.all == [1, 3])
        #expect(handle.connStatus == .connected)
    }

    @Test func eventsBeforeTheInitMessageAreDropped() throws {
        let transport = RecordingTransport()
        let handle = try HostClient(transport: transport, clock: VirtualClock()).actor("counter", key: "one")
        let received = Recorder<Int>()
        handle.onEvent("steps") { (steps: Int) in received.append(steps) }
        handle.mount()
        transport.deliver(.event(EventMessage(name: "steps", args: [1])), to: 0)
        #expect(handle.connStatus == .connecting)
        transport.deliver(.initialized(InitMessage(actorID: "one", connectionID: 1)), to: 0)
        transport.deliver(.event(EventMessage(name: "steps", args: [2])), to: 0)
        #expect(received.all == [2])
    }

    @Test func messagesAfterDisposalAreIgnored() throws {
        let transport = RecordingTransport()
        let clock = VirtualClock()
        let handle = try HostClient(transport: transport, clock: clock).actor("counter", key: "one")
        let received = Recorder<Int>()
        handle.onEvent("steps") { (steps: Int) in received.append(steps) }
        handle.mount()
        transport.deliver(.initialized(InitMessage(actorID: "one", connectionID: 1)), to: 0)
        handle.unmount()
        try clock.advance(seconds: 5)
        transport.deliver(.initialized(InitMessage(actorID: "one", connectionID: 1)), to: 0)
        transport.deliver(.event(EventMessage(name: "steps", args: [1])), to: 0)
        #expect(handle.connStatus == .disposed)
        #expect(received.all.isEmpty)
    }

    @Test func eventsOfAnOldWorldDoNotFollowAMovedHandle() async throws {
        let fixture = try HostFixture()
        let moved = try fixture.mounted("one")
        let stayed = try fixture.mounted("one")
        let received = Recorder<String>()
        moved.onEvent("message") { (text: String) in received.append(text) }
        moved.update(try ActorOptions("counter", key: ["two"]))
        let _: Int = try await stayed.action("emit", "message", [JSONValue.string("old")])
        let _: Int = try await moved.action("emit", "message", [JSONValue.string("new")])
        #expect(received.all == ["new"])
    }
}
