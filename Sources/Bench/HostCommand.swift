import BenchKit
import ArgumentParser

/// `bench host`: the hosted-world benchmarks by what they measure, without scenario names:
/// action round trips and event fan-out in process (`host`), the same over a loopback
/// WebSocket with p50/p99 round-trip latency (`--remote`: `host.remote`), and the bounded
/// load test (`--remote --load`: `host.remote.load`, 16 clients × 10,000 actions, one frame).
struct HostCommand: ParsableCommand, NeedsReleaseBuild {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Measure hosted-world action round trips and event fan-out, in process or over loopback WebSocket.",
        discussion: """
            Runs the scenario host (in process), host.remote (--remote: a RemoteHostServer on a \
            loopback port and 16 WebSocket clients) or host.remote.load (--remote --load: 16 \
            clients x 10,000 actions; one frame, no warm-up unless given); the remote ones run \
            the process's tasks on NIO's event loops, as ecs-host does. Every other option \
            is the default run's (--frames, --warmup, --format, --output, --no-save, --quiet, \
            --wide, ...), and so are the exit status and the result files.
            """
    )

    /// Over a loopback WebSocket instead of in process.
    @Flag(help: "Over a loopback WebSocket to a RemoteHostServer instead of in process.")
    var remote = false

    /// The bounded load test; needs `--remote`.
    @Flag(help: "The bounded load test: 16 clients x 10,000 actions (needs --remote).")
    var load = false

    /// The default run's options, passed on as given.
    @Argument(parsing: .allUnrecognized, help: "Options of the default run (see bench --help).")
    var runOptions: [String] = []

    /// The scenario the flags select.
    var scenario: String { load ? "host.remote.load" : remote ? "host.remote" : "host" }

    /// The default run's command line for this command: the scenario, the load test's one
    /// frame without warm-up unless the options say otherwise, then the options.
    var runArguments: [String] {
        var arguments = ["--scenario", scenario]
        if load, !runOptions.contains(where: { $0 == "--frames" || $0.hasPrefix("--frames=") }) {
            arguments += ["--frames", "1"]
        }
        if load, !runOptions.contains(where: { $0 == "--warmup" || $0.hasPrefix("--warmup=") }) {
            arguments += ["--warmup", "0"]
        }
        return arguments + runOptions
    }

    /// Rejects `--load` without `--remote`, a scenario of its own, and anything the default
    /// run rejects, with its message.
    func validate() throws {
        if load, !remote {
            throw ValidationError("--load measures the remote host: add --remote")
        }
        if runOptions.contains(where: { $0 == "--scenario" || $0.hasPrefix("--scenario=") }) {
            throw ValidationError("bench host chooses its scenario (\(scenario)): drop --scenario")
        }
        _ = try Self.defaultRun(runArguments)
    }

    /// Runs the selected scenario as the default run does.
    func run() throws {
        try Self.defaultRun(runArguments).run()
    }

    /// The default run parsed from `arguments`.
    /// - Throws: `ValidationError` with the default run's one-line message.
    private static func defaultRun(_ arguments: [String]) throws -> BenchCommand<EcsBench> {
        do {
            return try BenchCommand<EcsBench>.parse(arguments)
        } catch {
            throw ValidationError(BenchCommand<EcsBench>.message(for: error))
        }
    }
}
