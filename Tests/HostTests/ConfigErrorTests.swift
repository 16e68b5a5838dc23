import ECS
import Host
import Testing

@Suite struct ConfigErrorTests {
    /// The `ActorError` `make` throws, nil when it throws nothing or something else.
    private func configError<T>(_ make: () throws -> T) -> ActorError? {
        do {
            _ = try make()
            return nil
        } catch {
            return error as? ActorError
        }
    }

    @Test func badClientOptionsAreConfigErrors() throws {
        let client = try HostFixture().client
        let cases: [ActorError?] = [
            configError { try client.actor("", key: "k") },
            configError { try client.actor("counter", key: "k", params: Double.nan) },
            configError { try client.actor("counter", key: "k", createWithInput: [Double.infinity]) },
            configError { try ActorOptions("", key: []) },
        ]
        for error in cases {
            #expect(error?.group == "client" && error?.code == "config_error")
        }
        #expect(cases[1]?.message.contains("params") == true)
        #expect(cases[2]?.message.contains("createWithInput") == true)
    }

    @Test func badDefinitionsAreConfigErrors() {
        let make: @Sendable (JSONValue?) throws -> CounterModel = { _ in CounterModel(start: 0) }
        let cases: [ActorError?] = [
            configError { try WorldDefinition("", make: make) },
            configError { try WorldDefinition("w", targetFrameRate: 0, make: make) },
            configError { try WorldDefinition("w", targetFrameRate: 1001, make: make) },
            configError { try WorldDefinition("w", fixedStep: 0, make: make) },
            configError { try WorldDefinition("w", fixedStep: .nan, make: make) },
            configError { try WorldDefinition("w", events: ["a", "a"], make: make) },
            configError { try WorldDefinition("w", events: [""], make: make) },
            configError { try WorldDefinition("w", make: make).action("") { (_: CounterModel) in 0 } },
            configError {
                try WorldDefinition("w", make: make).action("a") { (_: CounterModel) in 0 }.action("a") { (_: CounterModel) in 1 }
            },
        ]
        for error in cases {
            #expect(error?.group == "client" && error?.code == "config_error")
        }
        #expect(cases[1]?.message.contains("1...1000") == true)
    }

    @Test func registeringANameTwiceIsAConfigError() throws {
        let fixture = try HostFixture()
        let error = configError { try fixture.host.register(counterDefinition()) }
        #expect(error?.code == "config_error")
        #expect(error?.message == "a world named counter is already registered")
    }

    @Test func aVirtualClockDoesNotGoBack() {
        let clock = VirtualClock()
        for seconds in [-1, .nan, .infinity, 1e10] {
            #expect(configError { try clock.advance(seconds: seconds) }?.code == "invalid_argument")
        }
        #expect(configError { try clock.advance(by: .seconds(-1)) }?.code == "invalid_argument")
        #expect(clock.now == .zero)
    }

    @Test func aDefinitionListsItsActions() throws {
        #expect(try counterDefinition().actionNames == [
            "add", "busy", "describe3", "emit", "emitPayload", "fail", "failSteps", "get", "overlaps", "playing", "steps", "sum2",
        ])
    }
}
