import ECS
import Host
import Testing

/// Who keeps what alive: a host, its worlds and the client's connections are freed once the
/// client, the handles and the host are dropped, whatever timers their clock still holds.
@Suite struct OwnershipTests {
    /// An object whose release a test watches through a weak reference.
    private final class Token: Sendable {}

    @Test func aPendingDisposalDoesNotKeepTheHostAlive() async throws {
        let clock = VirtualClock()
        weak var host: WorldHost?
        weak var connection: ActorConnection?
        do {
            let strongHost = WorldHost(clock: clock)
            try strongHost.register(counterDefinition())
            let client = HostClient(host: strongHost)
            let handle = try client.actor("counter", key: "main")
            handle.mount()
            let _: Int = try await handle.action("add", 1)
            try clock.advance(seconds: 0.1)  // frames ran and the next one is scheduled
            handle.unmount()  // the disposal is due 5 s later
            #expect(clock.pendingTimers == 2)
            host = strongHost
            connection = handle.connection
            #expect(connection != nil)
        }
        #expect(connection == nil)
        #expect(host == nil)
        #expect(clock.pendingTimers == 0)
        try clock.advance(seconds: 10)
    }

    @Test func aHandleDroppedWhileMountedFreesTheHostWithItsClient() throws {
        let clock = VirtualClock()
        weak var host: WorldHost?
        do {
            let strongHost = WorldHost(clock: clock)
            try strongHost.register(counterDefinition())
            let handle = try HostClient(host: strongHost).actor("counter", key: "main")
            handle.mount()
            #expect(handle.isConnected)
            host = strongHost
        }
        #expect(host == nil)
        #expect(clock.pendingTimers == 0)
    }

    @Test func aShutDownHostStopsItsTimersAndGoesWithTheLastHandle() throws {
        let clock = VirtualClock()
        weak var host: WorldHost?
        var handle: ActorObservable?
        do {
            let strongHost = WorldHost(clock: clock)
            try strongHost.register(counterDefinition())
            handle = try HostClient(host: strongHost).actor("counter", key: "main")
            handle?.mount()
            strongHost.shutDown()
            host = strongHost
        }
        #expect(handle?.connStatus == .disconnected)
        #expect(clock.pendingTimers == 0)
        #expect(host != nil)  // the client reaches its host through it and may reconnect
        handle = nil
        #expect(host == nil)
    }

    @Test func aTransportKeepingTheReceiveClosureDoesNotKeepTheConnection() throws {
        let transport = RecordingTransport()
        weak var connection: ActorConnection?
        do {
            let handle = try HostClient(transport: transport, clock: VirtualClock()).actor("counter", key: "one")
            handle.mount()
            transport.deliver(.initialized(InitMessage(actorID: "one", connectionID: 1)), to: 0)
            connection = handle.connection
            #expect(connection != nil)
        }
        #expect(connection == nil)
        // The transport still holds the closure; a late message reaches nobody.
        transport.deliver(.event(EventMessage(name: "steps", args: [1])), to: 0)
    }

    @Test func aCancelledTimerReleasesItsWork() throws {
        let clock = VirtualClock()
        weak var captured: Token?
        let timer: HostTimer
        do {
            let token = Token()
            captured = token
            timer = clock.schedule(after: .seconds(1)) { _ = token }
        }
        #expect(captured != nil)
        timer.cancel()
        #expect(captured == nil)
        #expect(timer.isCancelled)
        #expect(clock.pendingTimers == 0)
    }

    @Test func aFiredTimerReleasesItsWorkAndRunsOnce() throws {
        let clock = VirtualClock()
        let runs = Recorder<Int>()
        weak var captured: Token?
        let timer: HostTimer
        do {
            let token = Token()
            captured = token
            timer = clock.schedule(after: .seconds(1)) { [token] in
                _ = token
                runs.append(1)
            }
        }
        try clock.advance(seconds: 1)
        #expect(runs.all == [1])
        #expect(captured == nil)
        timer.fire()
        timer.cancel()
        #expect(runs.all == [1])
        #expect(!timer.isCancelled)  // it ran: cancelling afterwards changes nothing
    }
}
