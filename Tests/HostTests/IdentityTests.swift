import ECS
import Host
import Testing

@Suite struct IdentityTests {
    @Test func handlesWithTheSameHashShareOneWorld() async throws {
        let fixture = try HostFixture()
        let first = try fixture.mounted()
        let second = try fixture.mounted()
        #expect(first.hash == second.hash)
        #expect(fixture.host.worldHashes == [first.hash])
        #expect(first.connection === second.connection)
        let _: Int = try await first.action("add", 5)
        let seen: Int = try await second.action("get")
        #expect(seen == 5)
    }

    @Test func enabledInputAndRegionAreNotPartOfTheHash() throws {
        let client = try HostFixture().client
        let plain = try client.actor("counter", key: "a")
        let other = try client.actor("counter", key: "a", createWithInput: 7, createInRegion: "eu", enabled: false)
        #expect(plain.hash == other.hash)
    }

    @Test func nameKeyAndParamsAreTheHash() throws {
        let client = try HostFixture().client
        let base = try client.actor("counter", key: ["a", "b"], params: ["role": "viewer"]).hash
        #expect(try client.actor("counter", key: ["a", "b"], params: ["role": "viewer"]).hash == base)
        #expect(try client.actor("counter", key: ["a", "b"], params: ["role": "editor"]).hash != base)
        #expect(try client.actor("counter", key: ["a"], params: ["role": "viewer"]).hash != base)
        #expect(try client.actor("other", key: ["a", "b"], params: ["role": "viewer"]).hash != base)
        // A separator inside a key part does not make two identities collide.
        #expect(try client.actor("counter", key: ["a:b"]).hash != client.actor("counter", key: ["a", "b"]).hash)
    }

    @Test func paramsWithTheSameFieldsInAnotherOrderHashAlike() throws {
        let client = try HostFixture().client
        let one = try client.actor("counter", key: "k", params: JSONValue.object(["a": 1, "b": 2]))
        let two = try client.actor("counter", key: "k", params: ["b": 2, "a": 1])
        #expect(one.hash == two.hash)
    }

    @Test func differentKeysGetDifferentWorlds() async throws {
        let fixture = try HostFixture()
        let one = try fixture.mounted("one")
        let two = try fixture.mounted("two")
        let _: Int = try await one.action("add", 3)
        let other: Int = try await two.action("get")
        #expect(other == 0)
        #expect(fixture.host.worldHashes.count == 2)
    }

    @Test func theCreationInputCountsOnlyWhenTheWorldIsCreated() async throws {
        let fixture = try HostFixture()
        let creator = try fixture.mounted(createWithInput: 40)
        let latecomer = try fixture.mounted(createWithInput: 99)
        let first: Int = try await creator.action("get")
        let second: Int = try await latecomer.action("get")
        #expect(first == 40 && second == 40)
    }
}
