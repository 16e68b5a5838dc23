#if RemoteHost
import ArgumentParser
import BenchKit
import Foundation
import Host
import HostExamples
import HostRemote

/// `ecs-host`: serves the example worlds (`confetti`, `tiles`, `counter`) over WebSocket until SIGTERM
/// or SIGINT, printing the bound port on one line once it listens.
@main
struct EcsHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ecs-host",
        abstract: "Serve the example hosted worlds (confetti, tiles, counter) over WebSocket.",
        discussion: "`ecs-host bench` measures hosted-world action round trips over a loopback WebSocket instead (see `ecs-host bench --help`)."
    )

    @Option(help: "The address to bind (loopback by default).")
    var host = "127.0.0.1"

    @Option(help: "The TCP port; 0 picks a free one. The bound port is printed on stdout.")
    var port = 8787

    @Option(help: "The bearer token clients must send (Authorization: Bearer <token>); none by default.")
    var token: String?

    @Option(help: "The namespace served: the WebSocket path is /<namespace>.")
    var namespace = RemoteServerConfiguration.defaultNamespace

    @Option(help: "The largest frame accepted, in bytes.")
    var maxFrameBytes = RemoteServerConfiguration.defaultMaxFrameBytes

    @Option(help: "The most arguments an action may carry.")
    var maxActionArguments = 16

    @Option(help: "Frames a connection may have waiting before its events are dropped.")
    var outboundQueue = 1024

    @Option(help: "Seconds an action may take from its arrival to its answer; past them it is answered action_timeout (one that began finishes on its world's queue, one still waiting never runs), and only its world waits.")
    var actionTimeout = 0.25

    @Option(help: "The counter world's frame rate.")
    var counterFrameRate = 60

    @Option(help: "Seconds a stopping host (SIGTERM, SIGINT) waits for its sockets to close before closing them regardless.")
    var shutdownGrace = 5.0

    @Option(help: "Seconds a socket may stay silent before its upgrade, and an upgraded one before its connect frame.")
    var handshakeTimeout = 10.0

    @Option(help: "Seconds between the pings the host sends each WebSocket client; a client that has not answered one by the next is closed. 0 sends none.")
    var pingInterval = 30.0

    @Option(help: "The most sockets open at once; one more is answered 503 and closed.")
    var maxConnections = RemoteServerConfiguration.defaultMaxConnections

    @Option(help: "The most sockets open at once from one IP address.")
    var maxConnectionsPerAddress = RemoteServerConfiguration.defaultMaxConnectionsPerAddress

    /// Serves until a signal stops it, then stops every world.
    func run() async throws {
        let configuration: RemoteServerConfiguration
        let execution: WorldExecution
        let budget = try Self.duration(actionTimeout, "--action-timeout")
        do throws(ActorError) {
            execution = try .isolated(actionBudget: budget)
        } catch {
            throw ValidationError("--action-timeout: \(error.message)")
        }
        let worlds = WorldHost(execution: execution)
        let grace = try Self.duration(shutdownGrace, "--shutdown-grace")
        let handshake = try Self.duration(handshakeTimeout, "--handshake-timeout")
        let ping = try Self.duration(pingInterval, "--ping-interval")
        do throws(ActorError) {
            configuration = try RemoteServerConfiguration(
                host: host, port: port, token: token, namespace: namespace, maxFrameBytes: maxFrameBytes,
                maxActionArguments: maxActionArguments, outboundQueueCapacity: outboundQueue,
                shutdownGrace: grace, handshakeDeadline: handshake, pingInterval: ping, maxConnections: maxConnections,
                maxConnectionsPerAddress: maxConnectionsPerAddress
            )
            try worlds.register(ConfettiWorld.definition())
            try worlds.register(TileWorld.definition())
            try worlds.register(CounterWorld.definition(targetFrameRate: counterFrameRate))
        } catch {
            throw ValidationError(error.message)
        }
        OpenFileLimit.raiseToHardLimit()
        let server = RemoteHostServer(host: worlds, configuration: configuration)
        if server.maxConnections < configuration.maxConnections {
            FileHandle.standardError.write(Data(
                "ecs-host: at most \(server.maxConnections) sockets at once: the open-file limit is \(OpenFileLimit.current ?? 0)\n".utf8))
        }
        do {
            try await server.run(stopsOnSignals: true) { port in
                FileHandle.standardOutput.write(Data("\(port)\n".utf8))
            }
        } catch {
            throw ValidationError("cannot serve on \(host):\(port): \(error)")
        }
        worlds.shutDown()
    }

    /// `seconds` of `option` as a duration (the configuration checks its range).
    /// - Throws: `ValidationError` for a value that is not a finite number below 10^6.
    private static func duration(_ seconds: Double, _ option: String) throws -> Duration {
        guard seconds.isFinite, abs(seconds) < 1e6 else {
            throw ValidationError("\(option) must be a number of seconds (got \(seconds))")
        }
        return .seconds(seconds)
    }

    /// Parses and runs on NIO's event loops (``EventLoopExecutor``); a bad option or a failure
    /// is one line on stderr and status 1.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "bench" {
            BenchMain.run(HostBench.self, arguments: Array(arguments.dropFirst()))
        }
        EventLoopExecutor.installAsGlobalExecutor()
        do {
            var command = try parseAsRoot()
            if let server = command as? EcsHostCommand {
                try await server.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            Foundation.exit(1)
        }
    }
}
#endif
