import Foundation
import Host
import HostExamples
import HostRemote
import Testing

/// No peer holds a socket of the host past its deadlines, nor keeps a stopping host alive.
@Suite(.timeLimit(.minutes(10))) struct DeadlineTests {
    /// A server in this process whose handshake deadline is `deadline`.
    private static func server(deadline: Duration) async throws -> (RemoteHostServer, WorldHost, Int) {
        let host = WorldHost()
        try host.register(CounterWorld.definition())
        let server = RemoteHostServer(host: host, configuration: try RemoteServerConfiguration(port: 0, handshakeDeadline: deadline))
        return (server, host, try await server.start())
    }

    /// A silent TCP connection, headers that never end and an endless header line are closed
    /// by the host at the handshake deadline (they were still open after 170 s).
    @Test(arguments: ["", "GET /default HTTP/1.1\r\nHost: x\r\n", "GET /default HTTP/1.1\r\nX-Slow: aaaa"])
    func aSocketThatNeverUpgradesIsClosedAtTheDeadline(sent: String) async throws {
        let (server, host, port) = try await Self.server(deadline: .milliseconds(300))
        defer {
            server.stop()
            host.shutDown()
        }
        let socket = try TCPSocket(port: port)
        socket.send(sent)
        let started = ContinuousClock.now
        #expect(socket.waitForClose(within: .seconds(10)), "the socket is still open")
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    /// An upgraded socket that never sends `connect` is told why and closed; one that keeps
    /// talking before it connects, and one that connected, are not.
    @Test func aMuteUpgradeIsClosedWithHandshakeTimeout() async throws {
        let (server, host, port) = try await Self.server(deadline: .milliseconds(500))
        defer {
            server.stop()
            host.shutDown()
        }
        let mute = RawSocket(port: port)
        let connected = RawSocket(port: port)
        defer {
            mute.close()
            connected.close()
        }
        connected.send(#"{"type":"connect","name":"counter","key":["a"],"subscriptions":[]}"#)
        try await waitUntil("the mute socket's handshake_timeout") { !mute.frames(containing: "handshake_timeout").isEmpty }
        #expect(mute.frames(containing: #""type":"closed""#).count == 1)
        try await Task.sleep(for: .seconds(1))
        connected.send(#"{"type":"action","id":1,"name":"add","args":[2]}"#)
        try await waitUntil("the connected socket's answer") { !connected.frames(containing: #""id":1"#).isEmpty }
        #expect(connected.frames(containing: "handshake_timeout").isEmpty)
    }

    /// SIGTERM stops `ecs-host` within its grace whatever its peers do: a silent socket, half-sent
    /// headers, an upgraded socket that never reads nor connects, and a connected client that is
    /// told goodbye (one idle peer kept it running for 45 s).
    @Test func sigtermStopsTheHostWithinTheGraceWhateverThePeersDo() async throws {
        let process = try await EcsHostProcess(["--shutdown-grace", "1"])
        let silent = try TCPSocket(port: process.port)
        let half = try TCPSocket(port: process.port)
        half.send("GET /default HTTP/1.1\r\nHost: x\r\n")
        let mute = RawSocket(port: process.port, reads: false)
        let client = RawSocket(port: process.port)
        defer {
            mute.close()
            client.close()
        }
        client.send(#"{"type":"connect","name":"counter","key":["a"],"subscriptions":[]}"#)
        client.send(#"{"type":"action","id":1,"name":"get","args":[]}"#)
        try await waitUntil("the client's answer") { !client.frames(containing: #""id":1"#).isEmpty }
        let started = ContinuousClock.now
        #expect(process.terminate() == 0)
        #expect(ContinuousClock.now - started < .seconds(6), "stopped after \(ContinuousClock.now - started)")
        try await waitUntil("the client's goodbye") { client.frames(containing: "the host is shutting down").count == 1 }
        #expect(silent.waitForClose(within: .seconds(1)) && half.waitForClose(within: .seconds(1)))
    }
}
