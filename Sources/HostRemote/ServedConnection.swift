#if RemoteHost
import Platform
import Host
import HummingbirdWebSocket
import NIOWebSocket

/// One socket of a ``RemoteHostServer``: reads the client's frames (connect first, then
/// actions and subscriptions) and writes the host's through a bounded ``OutboundQueue``.
///
/// Bad frames (not JSON, unknown, oversized, too many arguments, out of order) are answered
/// with an `error` frame, or an error response when the action id is known, and the socket
/// keeps working.
final class ServedConnection: Sendable {
    private struct State {
        var link: (any TransportConnection)?
        var actorID: String?
        /// The WebSocket close code after the `closed` frame: 1000, or 1001 when the host stops.
        var closeCode: WebSocketErrorCode = .normalClosure
        /// When the socket was upgraded or last sent a frame.
        var lastHeard = ContinuousClock.now
    }

    /// The server's number for the socket.
    let socket: UInt64
    private let host: WorldHost
    private let configuration: RemoteServerConfiguration
    private let queue: OutboundQueue
    private let state = Locked(State())

    /// A socket of `host` under `configuration`.
    init(socket: UInt64, host: WorldHost, configuration: RemoteServerConfiguration) {
        self.socket = socket
        self.host = host
        self.configuration = configuration
        queue = OutboundQueue(capacity: configuration.outboundQueueCapacity)
    }

    /// What the server reports about the socket.
    var stats: RemoteConnectionStats {
        RemoteConnectionStats(socket: socket, actorID: state.withLock { $0.actorID }, droppedEvents: queue.dropped)
    }

    /// Serves the socket until it closes; a `refusal` answers the client's first frame as the
    /// `closed` frame and ends it. (It waits for that frame because bytes that reach a client
    /// together with the upgrade response, before its handler runs, can be lost.)
    func serve(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, refusal: ActorError?) async {
        let deadline = Task { await self.closeUnlessConnected(within: self.configuration.handshakeDeadline) }
        defer { deadline.cancel() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.write(outbound) }
            if let refusal {
                var frames = inbound.makeAsyncIterator()
                _ = try? await frames.next()
                queue.push(.closed(refusal))
            } else {
                await read(inbound, answeringOn: outbound)
            }
            queue.finish()
        }
        state.withLock { $0.link.take() }?.close()
    }

    /// Closes the socket with `host` `handshake_timeout` (close code 1008) when it stays silent
    /// for `deadline` before a `connect` frame opens a world; returns once connected, or early
    /// when cancelled.
    private func closeUnlessConnected(within deadline: Duration) async {
        var wake = ContinuousClock.now + deadline
        while (try? await Task.sleep(until: wake)) != nil {
            let (connected, lastHeard) = state.withLock { ($0.actorID != nil, $0.lastHeard) }
            if connected { return }
            guard lastHeard + deadline <= .now else {
                wake = lastHeard + deadline
                continue
            }
            close(.handshakeTimeout(deadline), code: .policyViolation)
            return
        }
    }

    /// Closes the connection with `reason` and, after the `closed` frame, `code` (the server
    /// is stopping).
    func close(_ reason: ActorError, code: WebSocketErrorCode = .normalClosure) {
        state.withLock { $0.closeCode = code }
        queue.push(.closed(reason))
        state.withLock { $0.link.take() }?.close()
    }

    /// Writes queued frames until the queue ends or a `closed` frame went out (then closes the socket).
    private func write(_ outbound: WebSocketOutboundWriter) async {
        let codec = FrameCodec()
        while let batch = await queue.next() {
            guard await send(batch, outbound, codec: codec) else { return }
        }
    }

    /// Writes `batch`, which the caller holds the right to write, and whatever the queue gathers
    /// meanwhile, until the right passes back; false once the socket closed (the queue is finished).
    private func send(_ batch: [HostFrame], _ outbound: WebSocketOutboundWriter, codec: FrameCodec) async -> Bool {
        var batch = batch
        do {
            while true {
                for frame in batch {
                    try await outbound.write(.text(codec.text(frame)))
                    if case .closed = frame {
                        queue.finish()
                        try await outbound.close(state.withLock { $0.closeCode }, reason: nil)
                        return false
                    }
                }
                guard let more = queue.release() else { return true }
                batch = more
            }
        } catch {
            // The socket is gone: nothing more can be written.
            queue.finish()
            return false
        }
    }

    /// Reads frames, collating fragments and skipping oversized messages, until the socket ends;
    /// answers actions on `outbound` itself when nothing else is being written. A text message
    /// that is not UTF-8 closes the socket with 1007, a broken fragmentation with 1002.
    private func read(_ inbound: WebSocketInboundStream, answeringOn outbound: WebSocketOutboundWriter) async {
        let codec = FrameCodec()
        var message: [UInt8] = []
        var size = 0
        var isBinary = false
        // Whether a message's frames so far came without FIN: only then may a continuation
        // frame come, and only a continuation frame (RFC 6455, section 5.4).
        var fragmented = false
        do {
            for try await frame in inbound {
                guard (frame.opcode == .continuation) == fragmented else {
                    let reason = fragmented ? "a new message inside a fragmented one" : "a continuation frame outside a fragmented message"
                    try? await outbound.close(.protocolError, reason: reason)
                    return
                }
                fragmented = !frame.fin
                if frame.opcode != .continuation {
                    message.removeAll(keepingCapacity: true)
                    size = 0
                    isBinary = frame.opcode == .binary
                }
                size += frame.data.readableBytes
                if size <= configuration.maxFrameBytes { message.append(contentsOf: frame.data.readableBytesView) }
                guard frame.fin else { continue }
                if size > configuration.maxFrameBytes {
                    queue.push(.error(.frameTooLarge(bytes: size, limit: configuration.maxFrameBytes)))
                } else if isBinary {
                    queue.push(.error(.malformedFrame("binary frames are not part of the protocol")))
                } else if String(validating: message, as: UTF8.self) == nil {
                    // A text message that is not UTF-8 fails the connection (RFC 6455, 8.1).
                    try? await outbound.close(.dataInconsistentWithMessage, reason: "a text message that is not UTF-8")
                    return
                } else {
                    await handle(message, codec: codec, outbound: outbound)
                }
            }
        } catch {
            // The socket failed or closed: the connection ends.
        }
    }

    /// Acts on one complete text message, answering an action on `outbound`.
    private func handle(_ bytes: [UInt8], codec: FrameCodec, outbound: WebSocketOutboundWriter) async {
        let frame: ClientFrame
        do throws(ActorError) {
            frame = try codec.decode(ClientFrame.self, from: bytes)
        } catch {
            queue.push(.error(error))
            return
        }
        let link = state.withLock { state in
            state.lastHeard = .now
            return state.link
        }
        switch frame {
        case .connect(let request):
            guard link == nil else {
                queue.push(.error(.unexpectedFrame("the connection is already open; connect is the first frame only")))
                return
            }
            let queue = queue
            let opened = host.open(request) { message in queue.offer(message) }
            state.withLock { state in
                state.link = opened
                state.actorID = request.hash
            }
            queue.attach(host.diagnostics(for: request.hash))
        case .action(let request):
            guard let link else {
                queue.push(.response(ActionResponse(id: request.id, error: .unexpectedFrame("an action needs a connect frame first"))))
                return
            }
            guard request.args.count <= configuration.maxActionArguments else {
                queue.push(.response(ActionResponse(
                    id: request.id,
                    error: .tooManyArguments(action: request.name, count: request.args.count, limit: configuration.maxActionArguments)
                )))
                return
            }
            await queue.waitForRoom()
            if let batch = queue.claim(.response(await link.perform(request))) {
                _ = await send(batch, outbound, codec: codec)
            }
        case .subscription(let subscription):
            guard let link else {
                queue.push(.error(.unexpectedFrame("a subscription needs a connect frame first")))
                return
            }
            link.update(subscription)
        }
    }
}
#endif
