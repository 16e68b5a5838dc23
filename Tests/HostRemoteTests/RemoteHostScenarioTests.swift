#if RemoteHost
import Testing

@testable import BenchKit
@testable import EcsHost

/// The `host.remote` scenarios of `ecs-host bench`: `host.remote.load` on demand, and every round
/// trip answered exactly once.
@Suite(.timeLimit(.minutes(10))) struct RemoteHostScenarioTests {
    @Test func theLoadTestRunsOnlyWhenNamed() throws {
        let registry = HostBench.scenarios
        #expect(try registry.select(nil).map(\.name) == ["host.remote"])
        #expect(try registry.select("host.remote,host.remote.load").map(\.name) == ["host.remote", "host.remote.load"])
    }

    @Test func everyRoundTripOfEveryClientIsAnsweredOnceInOrder() throws {
        let workload = try RemoteHostWorkload(name: "host.remote", actionsPerClient: 20)
        workload.runFrame()
        workload.runFrame()
        #expect(workload.counters == ["actions_answered_in_order": 2 * 16 * 20, "actions_mismatched": 0])
        #expect(workload.entitiesPerFrame == 320)
    }

    @Test func benchIsASubcommandOfEcsHostWithTheBenchCommandLine() throws {
        let command = try BenchCommand<HostBench>.parse(["--scenario", "host.remote.load", "--frames", "1", "--warmup", "0"])
        #expect(command.scenario == "host.remote.load" && command.measure.frames == 1)
        #expect(BenchCommand<HostBench>.helpMessage(columns: 200).contains("USAGE: ecs-host bench [--scenario <names>]"))
    }
}
#endif
