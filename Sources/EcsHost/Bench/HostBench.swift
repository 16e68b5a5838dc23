#if RemoteHost
import BenchKit
import HostRemote

/// `ecs-host bench`: the hosted-world benchmarks over a loopback WebSocket, with `bench`'s
/// command line. `host.remote` (the default run) measures round trips of 16 clients through a
/// `RemoteHostServer`; `host.remote.load` (on demand) is the bounded load test, 16 clients x
/// 10,000 actions a frame, meant for `--frames 1 --warmup 0`. Both run the process's tasks on
/// NIO's event loops, as `ecs-host` serves.
enum HostBench: BenchSuite {
    /// `host.remote`, and `host.remote.load` when named.
    static let scenarios = ScenarioRegistry(
        [
            Scenario("host.remote", prepare: installExecutor) { _ in
                try RemoteHostWorkload(name: "host.remote", actionsPerClient: 250)
            }
        ],
        onDemand: [
            Scenario("host.remote.load", prepare: installExecutor) { _ in
                try RemoteHostWorkload(name: "host.remote.load", actionsPerClient: 10_000)
            }
        ])

    /// `ecs-host bench`.
    static var commandName: String { "ecs-host bench" }
    /// What `ecs-host bench` measures.
    static var abstract: String { "Measure hosted-world action round trips over a loopback WebSocket." }

    /// Runs the process's tasks on NIO's event loops.
    @Sendable private static func installExecutor() {
        _ = EventLoopExecutor.installAsGlobalExecutor()
    }
}
#endif
