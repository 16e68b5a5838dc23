#if RemoteHost
import ECS
import Host
import HostExamples
import HostRemote
import Testing

/// The hosts-across-processes example of docs/guides/host.md, compiled and run as it is printed there.
@Test(.timeLimit(.minutes(10))) func readmeRemoteExampleRuns() async throws {
    // The host process (ecs-host does this for the example worlds).
    let worlds = WorldHost(execution: try .isolated())  // each world on its own queue, 250 ms per action
    try worlds.register(CounterWorld.definition())
    let server = RemoteHostServer(host: worlds, configuration: try RemoteServerConfiguration(port: 0, token: "secret"))
    let port = try await server.start()  // or `try await server.run(stopsOnSignals: true)`

    // The client process.
    let client = HostClient(config: try ClientConfig(endpoint: HostEndpoint(port: port), token: "secret"))
    let counter = try client.actor("counter", key: "main", createWithInput: 10)
    counter.mount()                                      // connecting -> connected
    for await state in counter.stateUpdates() where state.isConnected { break }
    let total: Int = try await counter.action("add", 5)  // 15, over the socket
    server.stop()                                        // clients read disconnected, then retry

    #expect(total == 15)
    try await waitUntil("the disconnection") { counter.connStatus == .disconnected || counter.connStatus == .connecting }
    worlds.shutDown()
}

/// The threads example of docs/guides/host.md, compiled but not run: it would move the test process's
/// own tasks onto NIO's event loops for the rest of the run.
func readmeEventLoopExample() {
    EventLoopExecutor.installAsGlobalExecutor()  // first thing in main, before any task starts
}
#endif
