import Foundation

/// A plain TCP connection to the host, for peers that never speak WebSocket.
final class TCPSocket {
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

    /// Whether the host closed the connection within `timeout` (reading what it sends).
    func waitForClose(within timeout: Duration) -> Bool {
        textUntilClose(within: timeout) != nil
    }

    /// What the host sent before it closed the connection, or nil when it is still open after
    /// `timeout`.
    func textUntilClose(within timeout: Duration) -> String? {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return String(decoding: received, as: UTF8.self) }
            received += buffer[..<count]
        }
        return nil
    }
}
