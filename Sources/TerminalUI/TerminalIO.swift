import Foundation

/// Reads and writes of standard input and output as a terminal program needs them: whole
/// writes despite interruptions, and reads that wait a bounded time.
public enum TerminalIO {
    /// Writes `text` to standard output in one piece, retrying after interruptions; gives up
    /// silently when the terminal is gone.
    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            // SAFETY: the pointer covers `bytes` from `offset` to its end, borrowed for the call.
            let count = unsafe bytes.withUnsafeBytes { unsafe Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// The bytes waiting on standard input (up to 256), after waiting up to `milliseconds` for
    /// some; empty when none came, and at the end of the input.
    public static func read(waitingUpTo milliseconds: Int32) -> [UInt8] {
        readInput(waitingUpTo: milliseconds) ?? []
    }

    /// The bytes waiting on standard input (up to 256), after waiting up to `milliseconds` for
    /// some: empty when none came, `nil` at the end of the input (the terminal hung up) or when
    /// it cannot be read.
    public static func readInput(waitingUpTo milliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        // SAFETY: one `pollfd`, a local passed by address for the call.
        let ready = unsafe poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno == EINTR ? [] : nil }
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        // SAFETY: the pointer covers the 256 bytes of `buffer`, borrowed for the call.
        let count = unsafe buffer.withUnsafeMutableBytes { unsafe Foundation.read(STDIN_FILENO, $0.baseAddress!, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        return count == 0 ? nil : Array(buffer[..<count])
    }
}
