import ECS
import Host
import Testing

@Suite struct ActionTests {
    @Test func actionsOfEveryArityReturnTheirValue() async throws {
        let handle = try HostFixture().mounted()
        let zero: Int = try await handle.action("get")
        let one: Int = try await handle.action("add", 4)
        let two: Int = try await handle.action("sum2", 2, 3)
        let three: String = try await handle.action("describe3", "x", 7, true)
        let list: String = try await handle.action("describe3", args: ["y", 8, false])
        #expect(zero == 0 && one == 4 && two == 5 && three == "x-7-true" && list == "y-8-false")
    }

    @Test func aThrowingActionThrowsAndNeverReachesOnError() async throws {
        let handle = try HostFixture().mounted()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        let error = await actorError { let _: Int = try await handle.action("fail") }
        #expect(error?.group == "world" && error?.code == "action_failed")
        #expect(error?.message.contains("RefusedAction") == true)
        #expect(errors.all.isEmpty)
        #expect(handle.error == nil)
    }

    @Test func anUnknownActionIsATypedError() async throws {
        let handle = try HostFixture().mounted()
        let error = await actorError { let _: Int = try await handle.action("nope") }
        #expect(error?.code == "unknown_action")
    }

    @Test func argumentsThatDoNotDecodeAreInvalidArguments() async throws {
        let handle = try HostFixture().mounted()
        let wrongType = await actorError { let _: Int = try await handle.action("add", "four") }
        let tooMany = await actorError { let _: Int = try await handle.action("add", 1, 2) }
        let tooFew = await actorError { let _: Int = try await handle.action("sum2", 1) }
        #expect(wrongType?.code == "invalid_arguments" && wrongType?.message.contains("argument 0") == true)
        #expect(tooMany?.code == "invalid_arguments" && tooMany?.message.contains("expected 1 args, received 2") == true)
        #expect(tooFew?.code == "invalid_arguments")
        let unchanged: Int = try await handle.action("get")
        #expect(unchanged == 0)
    }

    @Test func aResultOfAnotherTypeIsADecodeError() async throws {
        let handle = try HostFixture().mounted()
        let error = await actorError { let _: String = try await handle.action("get") }
        #expect(error?.group == "client" && error?.code == "decode_error")
        #expect(error?.metadata?.objectField("action") == "get")
    }

    @Test func anArgumentThatCannotBeJSONIsAnEncodeError() async throws {
        let handle = try HostFixture().mounted()
        let error = await actorError { let _: Int = try await handle.action("add", Double.nan) }
        #expect(error?.group == "client" && error?.code == "encode_error")
    }

    @Test func actionsWithoutAConnectionAreNotReady() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.client.actor("counter", key: "main")
        let unmounted = await actorError { let _: Int = try await handle.action("get") }
        #expect(unmounted?.code == "not_ready" && unmounted?.group == "client")
        #expect(unmounted?.metadata?.objectField("status") == "idle")

        let disabled = try fixture.client.actor("counter", key: "main", enabled: false)
        disabled.mount()
        let whileDisabled = await actorError { let _: Int = try await disabled.action("get") }
        #expect(whileDisabled?.code == "not_ready")

        handle.mount()
        handle.unmount()
        try fixture.advance(5)
        let disposed = await actorError { let _: Int = try await handle.action("get") }
        #expect(disposed?.code == "not_ready" && disposed?.metadata?.objectField("status") == "disposed")

        let missing = try fixture.client.actor("nowhere", key: "x")
        missing.mount()
        let disconnected = await actorError { let _: Int = try await missing.action("get") }
        #expect(disconnected?.code == "not_ready" && disconnected?.metadata?.objectField("status") == "disconnected")
    }

    @Test func sendRunsTheActionAndDropsItsErrors() async throws {
        let handle = try HostFixture().mounted()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        handle.send("fail")
        handle.send("nope", 1, 2)
        handle.send("add", Double.infinity)
        handle.send("sum2", 1, 2)
        handle.send("describe3", "a", 1, true)
        handle.send("add", args: [2])
        handle.send("add", 3)
        var total = 0
        for _ in 0..<10_000 where total != 5 {
            await Task.yield()
            total = try await handle.action("get")
        }
        #expect(total == 5)
        #expect(errors.all.isEmpty)
        #expect(handle.error == nil)
    }

    @Test func sendWithoutAConnectionIsDropped() async throws {
        let fixture = try HostFixture()
        let observer = try fixture.mounted()
        let idle = try fixture.client.actor("counter", key: "main")
        idle.send("add", 1)
        for _ in 0..<1_000 { await Task.yield() }
        let total: Int = try await observer.action("get")
        #expect(total == 0)
        #expect(idle.error == nil && idle.connStatus == .idle)
    }
}

extension JSONValue {
    /// The string field `name` of an object value.
    func objectField(_ name: String) -> String? {
        guard case .object(let fields) = self, case .string(let value)? = fields[name] else { return nil }
        return value
    }
}
