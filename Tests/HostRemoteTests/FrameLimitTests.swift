#if RemoteHost
import ECS
import Host
import HostExamples
import HostRemote
import Testing

/// Frames a client library would never send: each gets an error (frame or response), and the
/// socket and the host keep serving.
@Suite(.timeLimit(.minutes(10))) struct FrameLimitTests {
    @Test func malformedUnknownAndOversizedFramesGetErrorFramesAndTheHostKeepsServing() async throws {
        let fixture = try await BackendFixture(.server)
        defer { fixture.finish() }
        let port = try #require(fixture.config?.endpoint.port)
        let other = try await fixture.connected("other")
        let socket = RawSocket(port: port, token: "secret")
        defer { socket.close() }

        socket.send("not json")
        try await waitUntil("the malformed-frame error") { socket.frames(containing: "malformed_frame").count == 1 }
        socket.send(#"{"type":"teleport","id":1}"#)
        try await waitUntil("the unknown-frame error") { socket.frames(containing: "malformed_frame").count == 2 }
        #expect(socket.frames(containing: "malformed_frame").last?.contains("teleport") == true)
        socket.send(String(repeating: "x", count: 100 * 1024))
        try await waitUntil("the oversized-frame error") { !socket.frames(containing: "frame_too_large").isEmpty }
        #expect(socket.frames(containing: #""type":"error""#).count == 3)

        // Another client was served meanwhile, and still is.
        let total: Int = try await other.action("add", 2)
        #expect(total == 2)

        // The same socket still works.
        socket.send(#"{"type":"action","id":5,"name":"get","args":[]}"#)
        try await waitUntil("the action-before-connect answer") { !socket.frames(containing: "unexpected_frame").isEmpty }
        #expect(socket.frames(containing: "unexpected_frame").first?.contains(#""id":5"#) == true)
        socket.send(#"{"type":"connect","name":"counter","key":["other"],"subscriptions":[]}"#)
        socket.send(#"{"type":"action","id":6,"name":"get","args":[]}"#)
        try await waitUntil("the answer on the same socket") { !socket.frames(containing: #""id":6"#).isEmpty }
        #expect(socket.frames(containing: #""id":6"#).first?.contains(#""output":2"#) == true)
        let seventeen = Array(repeating: "1", count: 17).joined(separator: ",")
        socket.send(#"{"type":"action","id":7,"name":"echo","args":[\#(seventeen)]}"#)
        try await waitUntil("the argument-limit answer") { !socket.frames(containing: #""id":7"#).isEmpty }
        #expect(socket.frames(containing: #""id":7"#).first?.contains("too_many_arguments") == true)
    }

    @Test func aClientRefusesToSendAnActionLargerThanItsFrameLimit() async throws {
        let fixture = try await BackendFixture(.server)
        defer { fixture.finish() }
        let handle = try await fixture.connected()
        let error = await actorError { let _: JSONValue = try await handle.action("echo", String(repeating: "y", count: 70 * 1024)) }
        #expect(error?.code == "frame_too_large")
        let fine: Int = try await handle.action("add", 1)
        #expect(fine == 1)
    }
}
#endif
