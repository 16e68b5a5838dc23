import Testing

@testable import Bench
@testable import BenchKit

/// The `host.remote` scenarios: on demand, and every round trip answered exactly once.
@Suite(.timeLimit(.minutes(10))) struct RemoteHostScenarioTests {
    @Test func theRemoteScenariosRunOnlyWhenNamed() throws {
        let registry = ScenarioRegistry.standard
        let defaults = try registry.select(nil).map(\.name)
        #expect(!defaults.contains("host.remote") && !defaults.contains("host.remote.load"))
        #expect(try registry.select("host.remote,host.remote.load").map(\.name) == ["host.remote", "host.remote.load"])
    }

    @Test func everyRoundTripOfEveryClientIsAnsweredOnceInOrder() throws {
        let workload = try RemoteHostWorkload(name: "host.remote", actionsPerClient: 20)
        workload.runFrame()
        workload.runFrame()
        #expect(workload.counters == ["actions_answered_in_order": 2 * 16 * 20, "actions_mismatched": 0])
        #expect(workload.entitiesPerFrame == 320)
    }
}
