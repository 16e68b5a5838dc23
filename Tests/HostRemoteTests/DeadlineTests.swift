#if RemoteHost
import Foundation
import Host
import HostRemote
import Testing

/// No peer holds a socket of the host past its deadlines, nor keeps a stopping host alive.
@Suite(.timeLimit(.minutes(10))) struct DeadlineTests {
    /// A silent TCP connection, headers that never end and an endless header line are closed
    /// by the host at the handshake deadline (they were still open after 170 s).
    @Test(arguments: ["", "GET /default HTTP/1.1\r\nHost: x\r\n", "GET /default HTTP/1.1\r\nX-Slow: aaaa"])
    func aSocketThatNeverUpgradesIsClosedAtTheDeadline(sent: String) async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0, handshakeDeadline: .milliseconds(300)))
        defer { served.stop() }
        let port = served.port
        let socket = try TCPSocket(port: port)
        socket.send(sent)
        let started = ContinuousClock.now
        let closed = await socket.waitForClose(within: .seconds(10))
        #expect(closed, "the socket is still open")
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    /// An upgrade that declares a body it never sends (a length, `Expect: 100-continue`, a
    /// chunked body) is not upgraded and is closed at the handshake deadline: 64 such sockets
    /// once held their sockets for minutes while every fresh client got 503.
    @Test(arguments: [
        "Content-Length: 1000000\r\n", "Content-Length: 10\r\nExpect: 100-continue\r\n", "Transfer-Encoding: chunked\r\n",
    ])
    func anUpgradeThatDeclaresABodyIsClosedAtTheDeadline(header: String) async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0, handshakeDeadline: .milliseconds(300)))
        defer { served.stop() }
        let socket = try TCPSocket(port: served.port)
        socket.send(String(TCPSocket.upgradeRequest.dropLast(2)) + header + "\r\n")
        let started = ContinuousClock.now
        let text = await socket.textUntilClose(within: .seconds(10))
        let heard = try #require(text, "the socket is still open")
        #expect(ContinuousClock.now - started < .seconds(8))
        #expect(!heard.contains("101 Switching Protocols"), "upgraded: \(heard)")
    }

    /// An upgraded socket that never sends `connect` is told why and closed; one that keeps
    /// talking before it connects, and one that connected, are not. The deadline leaves the
    /// connecting socket 2 s to be served: under ThreadSanitizer on two cores its `connect`
    /// once waited longer than 500 ms, so the host closed it too.
    @Test func aMuteUpgradeIsClosedWithHandshakeTimeout() async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0, handshakeDeadline: .seconds(2)))
        defer { served.stop() }
        let port = served.port
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

    /// A connected peer that stops answering pings (a link that dropped without a close) is
    /// closed after a ping interval or two; a client that answers them keeps its socket. The
    /// interval leaves the honest client a second to answer: in a full parallel test run its
    /// pong can wait hundreds of milliseconds for a thread of the cooperative pool.
    @Test func aPeerThatStopsAnsweringPingsIsClosed() async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0, pingInterval: .seconds(1)))
        defer { served.stop() }
        let port = served.port
        let honest = RawSocket(port: port)
        defer { honest.close() }
        honest.send(#"{"type":"connect","name":"counter","key":["honest"],"subscriptions":[]}"#)
        // The mute peer upgrades and connects by hand, then never reads: it answers no ping.
        let mute = try TCPSocket(port: port)
        mute.send(TCPSocket.upgradeRequest)
        mute.send(bytes: TCPSocket.textFrame(#"{"type":"connect","name":"counter","key":["mute"],"subscriptions":[]}"#))
        let started = ContinuousClock.now
        let text = await mute.textUntilClose(within: .seconds(10))
        let heard = try #require(text, "the mute peer is still open")
        #expect(ContinuousClock.now - started < .seconds(8))
        #expect(heard.contains(#""type":"init""#), "the mute peer's connect was not taken: \(heard)")
        honest.send(#"{"type":"action","id":1,"name":"add","args":[2]}"#)
        try await waitUntil("the honest client's answer") { !honest.frames(containing: #""id":1"#).isEmpty }
        #expect(honest.frames(containing: "closed").isEmpty)
    }

    /// Without pings the same mute peer keeps its socket: the pings are what closed it.
    @Test func withoutPingsAMutePeerStaysOpen() async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0, pingInterval: .zero))
        defer { served.stop() }
        let port = served.port
        let mute = try TCPSocket(port: port)
        mute.send(TCPSocket.upgradeRequest)
        mute.send(bytes: TCPSocket.textFrame(#"{"type":"connect","name":"counter","key":["mute"],"subscriptions":[]}"#))
        let closed = await mute.waitForClose(within: .seconds(1.5))
        #expect(!closed)
        #expect(throws: ActorError.self) { try RemoteServerConfiguration(pingInterval: .milliseconds(10)) }
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
        let silentClosed = await silent.waitForClose(within: .seconds(1))
        let halfClosed = await half.waitForClose(within: .seconds(1))
        #expect(silentClosed && halfClosed)
    }
}
#endif
