import ECS
import Host
import Testing

/// `createInRegion`, as RivetKit uses it: the region a new world is created in, not part of
/// its identity; a world that runs is joined wherever it runs.
@Suite struct RegionTests {
    /// A host in `us-east` that also serves `eu-west`, with the counter world.
    private func regionalHost() throws -> (clock: VirtualClock, host: WorldHost) {
        let clock = VirtualClock()
        let host = try WorldHost(clock: clock, region: "us-east", serving: ["eu-west"])
        try host.register(counterDefinition())
        return (clock, host)
    }

    /// A mounted counter handle of a new client of `host`.
    private func mounted(_ host: WorldHost, key: String = "main", region: String?) throws -> ActorObservable {
        let handle = try HostClient(host: host).actor("counter", key: key, createInRegion: region)
        handle.mount()
        return handle
    }

    @Test func aWorldIsCreatedInTheHostsRegionByDefault() throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        #expect(fixture.host.region == WorldHost.defaultRegion && fixture.host.regions == ["local"])
        #expect(handle.connection?.region == "local")
        #expect(fixture.host.region(of: handle.hash) == "local")
        let (_, host) = try regionalHost()
        #expect(try mounted(host, region: nil).connection?.region == "us-east")
    }

    @Test func aWorldIsCreatedInTheServedRegionItAsksFor() throws {
        let (_, host) = try regionalHost()
        #expect(host.regions == ["us-east", "eu-west"])
        let handle = try mounted(host, region: "eu-west")
        #expect(handle.isConnected)
        #expect(handle.connection?.region == "eu-west")
        #expect(host.region(of: handle.hash) == "eu-west")
    }

    @Test func aRegionTheHostDoesNotServeFailsTheCreation() throws {
        let (_, host) = try regionalHost()
        let handle = try HostClient(host: host).actor("counter", key: "main", createInRegion: "ap-south")
        let reported = Recorder<ActorError>()
        handle.onError { reported.append($0) }
        handle.mount()
        #expect(handle.connStatus == .disconnected)
        let error = try #require(handle.error)
        #expect(error.group == "host" && error.code == "region_unavailable")
        #expect(error.message == "world counter cannot be created in region ap-south: this host serves eu-west, us-east")
        #expect(error.metadata == ["world": "counter", "region": "ap-south", "regions": ["eu-west", "us-east"]])
        #expect(reported.all == [error])
        #expect(host.worldHashes.isEmpty)
        #expect(host.region(of: handle.hash) == nil)
    }

    @Test func aHandleAskingForAnotherRegionJoinsTheWorldWhereItRuns() async throws {
        let (_, host) = try regionalHost()
        let creator = try mounted(host, region: "eu-west")
        let unserved = try mounted(host, region: "ap-south")
        let home = try mounted(host, region: "us-east")
        #expect(creator.hash == unserved.hash && creator.hash == home.hash)
        for handle in [unserved, home] {
            #expect(handle.isConnected)
            #expect(handle.connection?.region == "eu-west")
        }
        let _: Int = try await creator.action("add", 4)
        let seen: Int = try await unserved.action("get")
        #expect(seen == 4)
        #expect(host.worldHashes == [creator.hash])
    }

    @Test func aStoppedWorldIsCreatedAgainInTheRegionOfTheNextRequest() throws {
        let (clock, host) = try regionalHost()
        let first = try mounted(host, region: "eu-west")
        let hash = first.hash
        first.unmount()
        try clock.advance(seconds: 5)
        #expect(first.connStatus == .disposed)
        #expect(host.region(of: hash) == nil)
        let second = try mounted(host, region: nil)
        #expect(second.connection?.region == "us-east")
        #expect(host.region(of: hash) == "us-east")
    }

    @Test func emptyRegionNamesAreConfigErrors() async throws {
        let client = try HostFixture().client
        let handle = await actorError { _ = try client.actor("counter", key: "main", createInRegion: "") }
        #expect(handle?.code == "config_error")
        let own = await actorError { _ = try WorldHost(region: "") }
        #expect(own?.code == "config_error")
        let other = await actorError { _ = try WorldHost(region: "us-east", serving: ["eu-west", ""]) }
        #expect(other?.code == "config_error")
    }
}
