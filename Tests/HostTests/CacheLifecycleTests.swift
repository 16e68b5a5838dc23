import ECS
import Host
import Testing

@Suite struct CacheLifecycleTests {
    @Test func mountsCountReferencesOncePerHandle() throws {
        let fixture = try HostFixture()
        let first = try fixture.mounted()
        let second = try fixture.mounted()
        first.mount()  // a second mount of the same handle does nothing
        #expect(fixture.client.referenceCount(for: first.hash) == 2)
        first.unmount()
        first.unmount()
        #expect(fixture.client.referenceCount(for: first.hash) == 1)
        second.unmount()
        #expect(fixture.client.referenceCount(for: first.hash) == 0)
        #expect(fixture.client.isCached(first.hash))
    }

    @Test func theLastUnmountDisposesFiveSecondsLater() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        let hash = handle.hash
        handle.unmount()
        try fixture.advance(4.999)
        #expect(handle.connStatus == .connected)
        #expect(fixture.host.worldHashes == [hash])
        try fixture.advance(0.001)
        #expect(handle.connStatus == .disposed)
        #expect(handle.connection == nil)
        #expect(!fixture.client.isCached(hash))
        #expect(fixture.host.worldHashes.isEmpty)
    }

    @Test func aRemountInsideTheWindowCancelsTheDisposal() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        let _: Int = try await handle.action("add", 9)
        let generation = try #require(handle.connection).generation
        handle.unmount()
        try fixture.advance(4)
        let other = try fixture.mounted()
        try fixture.advance(60)
        #expect(other.connStatus == .connected && handle.connStatus == .connected)
        #expect(other.connection?.generation == generation)
        let kept: Int = try await other.action("get")
        #expect(kept == 9)
    }

    @Test func aNewConnectionAfterDisposalStartsAFreshWorld() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        let _: Int = try await handle.action("add", 9)
        let generation = try #require(handle.connection).generation
        handle.unmount()
        try fixture.advance(5)
        handle.mount()
        #expect(handle.connStatus == .connected)
        #expect(try #require(handle.connection).generation > generation)
        let fresh: Int = try await handle.action("get")
        #expect(fresh == 0)
    }

    @Test func disablingResetsToIdleAndEnablingReconnects() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        var options = handle.opts
        options.enabled = false
        handle.update(options)
        #expect(handle.connStatus == .idle)
        #expect(handle.connection == nil)
        #expect(fixture.client.referenceCount(for: handle.hash) == 0)
        try fixture.advance(5)
        #expect(fixture.host.worldHashes.isEmpty)
        options.enabled = true
        handle.update(options)
        #expect(handle.connStatus == .connected)
        #expect(fixture.client.referenceCount(for: handle.hash) == 1)
    }

    @Test func aDisabledHandleDoesNotConnectOnMount() throws {
        let fixture = try HostFixture()
        let handle = try fixture.client.actor("counter", key: "main", enabled: false)
        handle.mount()
        #expect(handle.connStatus == .idle)
        #expect(fixture.host.worldHashes.isEmpty)
    }

    @Test func aHashChangeLeavesTheOldConnectionAndTakesANewOne() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted("one")
        let oldHash = handle.hash
        let oldGeneration = try #require(handle.connection).generation
        handle.update(try ActorOptions("counter", key: ["two"]))
        #expect(handle.hash != oldHash)
        #expect(handle.connStatus == .connected)
        #expect(try #require(handle.connection).generation > oldGeneration)
        #expect(fixture.client.referenceCount(for: oldHash) == 0)
        #expect(fixture.client.referenceCount(for: handle.hash) == 1)
        try fixture.advance(5)
        #expect(fixture.host.worldHashes == [handle.hash])
    }

    @Test func anUpdateWithTheSameIdentityKeepsTheConnection() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        let generation = try #require(handle.connection).generation
        handle.update(try ActorOptions("counter", key: ["main"], createWithInput: 3, createInRegion: "eu"))
        #expect(handle.connection?.generation == generation)
        #expect(handle.opts.createInRegion == "eu")
        #expect(fixture.client.referenceCount(for: handle.hash) == 1)
    }

    @Test func anUnmountedHandleUpdatedDoesNotConnect() throws {
        let fixture = try HostFixture()
        let handle = try fixture.client.actor("counter", key: "one")
        handle.update(try ActorOptions("counter", key: ["two"]))
        #expect(handle.connStatus == .idle)
        #expect(fixture.host.worldHashes.isEmpty)
    }

    @Test func aHandleDroppedWhileMountedGivesItsReferenceBack() throws {
        let fixture = try HostFixture()
        var handle: ActorObservable? = try fixture.mounted()
        let hash = try #require(handle).hash
        let other = try fixture.mounted()
        #expect(fixture.client.referenceCount(for: hash) == 2)
        handle = nil
        #expect(fixture.client.referenceCount(for: hash) == 1)
        other.unmount()
        try fixture.advance(5)
        #expect(fixture.host.worldHashes.isEmpty)
        #expect(other.connStatus == .disposed)
    }

    @Test func worldsStopWhenTheirClientAndHandlesAreGone() throws {
        let clock = VirtualClock()
        let host = WorldHost(clock: clock)
        try host.register(counterDefinition())
        var client: HostClient? = HostClient(host: host)
        var handle: ActorObservable? = try client?.actor("counter", key: "main")
        handle?.mount()
        #expect(host.worldHashes.count == 1)
        handle = nil
        client = nil
        #expect(host.worldHashes.isEmpty)
        try clock.advance(seconds: 10)
        #expect(host.worldHashes.isEmpty)
    }

    @Test func aDisposedConnectionIsReleased() throws {
        let fixture = try HostFixture()
        weak var connection: ActorConnection?
        do {
            let handle = try fixture.mounted()
            connection = handle.connection
            handle.unmount()
        }
        #expect(connection != nil)  // cached for 5 s
        try fixture.advance(5)
        #expect(connection == nil)
    }
}
