#if RemoteHost
import Foundation

/// A plain TCP connection to the host, for peers that never speak WebSocket.
///
/// Waiting for the host to close it reads on a thread of its own: a test that blocked one of
/// the few cooperative threads for seconds starved every other test's tasks (and the host's
/// own, which then never closed the socket). Unchecked: only one wait reads the descriptor at
/// a time, and writes are whole `write` calls.
final class TCPSocket: @unchecked Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { close(descriptor) }

    /// Writes `text` (nothing for an empty string).
    func send(_ text: String) {
        guard !text.isEmpty else { return }
        _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    }

    /// Writes `bytes`.
    func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// A WebSocket upgrade request for the default namespace.
    static let upgradeRequest = "GET /default HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    /// A final client text frame of `text` (under 126 bytes), masked as RFC 6455 requires
    /// unless `masked` is false.
    static func textFrame(_ text: String, masked: Bool = true) -> [UInt8] {
        frame(opcode: 1, Array(text.utf8), masked: masked)
    }

    /// A client frame of `opcode` carrying `payload` (under 65,536 bytes), with FIN unless
    /// `fin` is false, the reserved bits `reserved` (0...7) and a mask unless `masked` is false.
    static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, reserved: UInt8 = 0, masked: Bool = true) -> [UInt8] {
        precondition(payload.count < 65_536)
        let first = (fin ? 0x80 : 0) | reserved << 4 | opcode
        let maskBit: UInt8 = masked ? 0x80 : 0
        let length: [UInt8] = payload.count < 126
            ? [maskBit | UInt8(payload.count)]
            : [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        guard masked else { return [first] + length + payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return [first] + length + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// The frames (opcode and payload) the host sent after its upgrade response in `bytes`,
    /// as far as they are complete.
    static func serverFrames(in bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard let head = bytes.indices.first(where: { bytes[$0...].starts(with: end) }) else { return [] }
        var position = head + 4
        var frames: [(opcode: UInt8, payload: [UInt8])] = []
        while position + 2 <= bytes.count {
            var length = Int(bytes[position + 1] & 0x7F)
            var start = position + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { break }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= bytes.count else { break }
                length = bytes[start..<start + 8].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            guard start + length <= bytes.count else { break }
            frames.append((bytes[position] & 0x0F, Array(bytes[start..<start + length])))
            position = start + length
        }
        return frames
    }

    /// Whether the host closed the connection within `timeout` (reading what it sends).
    func waitForClose(within timeout: Duration) async -> Bool {
        await textUntilClose(within: timeout) != nil
    }

    /// What the host sent before it closed the connection, or nil when it is still open after
    /// `timeout`; read on a thread of its own.
    func textUntilClose(within timeout: Duration) async -> String? {
        await bytesUntilClose(within: timeout).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``textUntilClose(within:)`` as bytes.
    func bytesUntilClose(within timeout: Duration) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.readUntilClose(within: timeout)) }.start()
        }
    }

    /// `textUntilClose(within:)`, blocking the calling thread.
    private func readUntilClose(within timeout: Duration) -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return received }
            received += buffer[..<count]
        }
        return nil
    }
}
#endif
