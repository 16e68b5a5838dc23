#if RemoteHost
import Host
import HostExamples
import HostRemote

/// A `RemoteHostServer` in the test process serving the counter world on a free loopback port;
/// a test stops it in a `defer`.
struct CounterServer {
    let host: WorldHost
    let server: RemoteHostServer
    let port: Int

    /// Starts serving under `configuration` (port 0 picks a free one).
    init(_ configuration: RemoteServerConfiguration) async throws {
        host = WorldHost()
        try host.register(CounterWorld.definition())
        server = RemoteHostServer(host: host, configuration: configuration)
        port = try await server.start()
    }

    /// Stops the server and its worlds.
    func stop() {
        server.stop()
        host.shutDown()
    }
}
#endif
