#if RemoteHost
import Foundation
import Host
import HostRemote
import Hummingbird
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Testing

/// Frames RFC 6455 forbids end the socket with close code 1002 (protocol error); a fragmented
/// message sent the right way is one message.
@Suite(.timeLimit(.minutes(10))) struct ProtocolConformanceTests {
    /// Sends `frames`, then reads until the host closes the socket or sends a text frame that
    /// satisfies `enough`; returns the host's close code (nil when the client closed) and the
    /// text frames read.
    private static func closeCode(
        after frames: [WebSocketFrame], port: Int, until enough: @escaping @Sendable (String) -> Bool = { _ in false }
    ) async throws -> (WebSocketErrorCode?, [String]) {
        let received = Recorder<String>()
        let close = try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/default", configuration: .init(maxFrameSize: 1 << 20), logger: Logger(label: "conformance")
        ) { inbound, writer, _ in
            for frame in frames { try await writer.write(.custom(frame)) }
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            while let message = try await messages.next() {
                guard case .text(let text) = message else { continue }
                received.append(text)
                if enough(text) { return }
            }
        }
        return (close?.closeCode, received.all)
    }

    /// A text frame of `text`, final unless `fin` is false, or a continuation frame.
    private static func frame(_ text: String, opcode: WebSocketOpcode = .text, fin: Bool = true) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(string: text))
    }

    @Test func strayContinuationsAndInterleavedMessagesAreProtocolErrors() async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0))
        defer { served.stop() }
        let port = served.port
        let connect = #"{"type":"connect","name":"counter","key":["c"],"subscriptions":[]}"#
        // A lone continuation frame, once taken as a message.
        let (lone, _) = try await Self.closeCode(after: [Self.frame(connect, opcode: .continuation)], port: port)
        #expect(lone == .protocolError)
        // A new text frame while a fragmented message is open.
        let (interleaved, _) = try await Self.closeCode(
            after: [Self.frame(#"{"type":"#, fin: false), Self.frame(connect)], port: port)
        #expect(interleaved == .protocolError)
        // The same message in two fragments is one connect, then an action is answered.
        let (_, answers) = try await Self.closeCode(after: [
            Self.frame(String(connect.prefix(20)), fin: false), Self.frame(String(connect.dropFirst(20)), opcode: .continuation),
            Self.frame(#"{"type":"action","id":3,"name":"add","args":[4]}"#),
        ], port: port) { $0.contains(#""id":3"#) }
        #expect(answers.contains { $0.contains(#""id":3"#) && $0.contains(#""output":4"#) }, "\(answers)")
    }

    /// A client frame without a mask (RFC 6455, section 5.1) closes the socket with 1002 before
    /// the host reads it; the same frame masked opens the world.
    @Test func anUnmaskedClientFrameIsAProtocolError() async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0))
        defer { served.stop() }
        let (host, port) = (served.host, served.port)
        let connect = #"{"type":"connect","name":"counter","key":["raw"],"subscriptions":[]}"#
        let unmasked = try TCPSocket(port: port)
        unmasked.send(TCPSocket.upgradeRequest)
        unmasked.send(bytes: TCPSocket.textFrame(connect, masked: false))
        let reply = try #require(await unmasked.bytesUntilClose(within: .seconds(30)), "the host kept the socket open")
        // The close frame: opcode 8, FIN, then status 1002 (0x03EA) first in its payload.
        let close = try #require(reply.indices.first { reply[$0] == 0x88 && $0 + 3 < reply.count && reply[$0 + 2] == 0x03 })
        #expect(reply[close + 3] == 0xEA, "close status \(reply[close + 2]) \(reply[close + 3])")
        #expect(!String(decoding: reply, as: UTF8.self).contains("initialized"), "the unmasked connect was read")
        #expect(host.worldHashes.isEmpty)

        let masked = try TCPSocket(port: port)
        masked.send(TCPSocket.upgradeRequest)
        masked.send(bytes: TCPSocket.textFrame(connect))
        try await waitUntil("the masked connect to open its world") { host.worldHashes.count == 1 }
        let opened = await masked.textUntilClose(within: .seconds(1))
        #expect(opened == nil, "a masked connect keeps its socket open")
    }

    /// The framing cases of the Autobahn test suite (its fuzzing client needs Python 2, which
    /// this platform no longer ships): reserved bits without an extension, reserved opcodes,
    /// and control frames that are long or fragmented each close the socket with 1002; a text
    /// message that is not UTF-8 with 1007 (section 8.1); a close is answered with a close of the
    /// same code.
    @Test(arguments: [
        ("reserved bit 1 on a text frame", TCPSocket.frame(opcode: 1, Array("{}".utf8), reserved: 4), 1002),
        ("reserved bits 2 and 3", TCPSocket.frame(opcode: 1, Array("{}".utf8), reserved: 3), 1002),
        ("reserved data opcode 3", TCPSocket.frame(opcode: 3, []), 1002),
        ("reserved control opcode 11", TCPSocket.frame(opcode: 11, []), 1002),
        ("a ping of 126 bytes", TCPSocket.frame(opcode: 9, [UInt8](repeating: 7, count: 126)), 1002),
        ("a ping without FIN", TCPSocket.frame(opcode: 9, [1, 2], fin: false), 1002),
        ("a close of code 1000", TCPSocket.frame(opcode: 8, [0x03, 0xE8]), 1000),
        ("a text message with a lone continuation byte", TCPSocket.frame(opcode: 1, Array("{\"a\":\"".utf8) + [0x80, 0x22, 0x7D]), 1007),
        ("a text message with an overlong encoding", TCPSocket.frame(opcode: 1, [0xC0, 0xAF]), 1007),
        ("a text message with a surrogate", TCPSocket.frame(opcode: 1, [0xED, 0xA0, 0x80]), 1007),
        ("a text message cut inside a character", TCPSocket.frame(opcode: 1, Array("{}".utf8) + [0xE2, 0x82]), 1007),
    ] as [(String, [UInt8], Int)])
    func framingCasesCloseWithTheirCode(_ name: String, _ frame: [UInt8], _ code: Int) async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0))
        defer { served.stop() }
        let port = served.port
        let socket = try TCPSocket(port: port)
        socket.send(TCPSocket.upgradeRequest)
        socket.send(bytes: frame)
        let reply = try #require(await socket.bytesUntilClose(within: .seconds(30)), "\(name): the host kept the socket open")
        let close = try #require(TCPSocket.serverFrames(in: reply).first { $0.opcode == 8 }, "\(name): no close frame")
        #expect(close.payload.count >= 2 && Int(close.payload[0]) << 8 | Int(close.payload[1]) == code, "\(name): \(close.payload)")
    }

    /// Autobahn's case 2: a ping's payload comes back in a pong.
    @Test func aPingIsAnsweredWithAPongOfItsPayload() async throws {
        let served = try await CounterServer(try RemoteServerConfiguration(port: 0))
        defer { served.stop() }
        let port = served.port
        let socket = try TCPSocket(port: port)
        socket.send(TCPSocket.upgradeRequest)
        socket.send(bytes: TCPSocket.frame(opcode: 9, Array("are you there".utf8)))
        socket.send(bytes: TCPSocket.frame(opcode: 8, [0x03, 0xE8]))
        let reply = try #require(await socket.bytesUntilClose(within: .seconds(30)))
        let frames = TCPSocket.serverFrames(in: reply)
        #expect(frames.contains { $0.opcode == 10 && $0.payload == Array("are you there".utf8) }, "\(frames.map(\.opcode))")
    }
}
#endif
