#if RemoteHost
import Foundation
import Hummingbird
import HummingbirdWSClient
import Logging
import Synchronization

/// A bare WebSocket to a host, for frames a `HostClient` never sends: it writes what the test
/// gives it and records every text frame it reads (or, when `reads` is false, never reads).
final class RawSocket: Sendable {
    /// The text frames read so far.
    let received = Recorder<String>()
    private let outbound: AsyncStream<String>.Continuation
    private let task: Task<Void, Never>

    /// Connects to `ws://127.0.0.1:port/path` with `token` as the bearer token.
    init(port: Int, path: String = "default", token: String? = nil, reads: Bool = true) {
        let (stream, outbound) = AsyncStream.makeStream(of: String.self)
        self.outbound = outbound
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        let received = received
        task = Task {
            _ = try? await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/\(path)",
                configuration: .init(maxFrameSize: 1 << 20, additionalHeaders: headers),
                logger: Logger(label: "raw-socket")
            ) { inbound, writer, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await text in stream { try await writer.write(.text(text)) }
                    }
                    if reads {
                        var messages = inbound.messages(maxSize: Int.max).makeAsyncIterator()
                        while let message = try await messages.next() {
                            if case .text(let text) = message { received.append(text) }
                        }
                    } else {
                        try await Task.sleep(for: .seconds(60))
                    }
                    group.cancelAll()
                }
            }
        }
    }

    deinit {
        close()
    }

    /// Sends one text frame.
    func send(_ text: String) {
        outbound.yield(text)
    }

    /// Drops the socket.
    func close() {
        outbound.finish()
        task.cancel()
    }

    /// The frames read so far that contain `fragment`.
    func frames(containing fragment: String) -> [String] {
        received.all.filter { $0.contains(fragment) }
    }
}
#endif
