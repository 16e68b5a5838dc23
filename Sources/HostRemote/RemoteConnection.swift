#if RemoteHost
import Platform
import Host
import Hummingbird
import HummingbirdWSClient
import Logging

/// One connection of a ``RemoteHostTransport``: a WebSocket to the host, opened again after
/// the `ReconnectBackoff` delay whenever it drops, until ``close()``.
///
/// Each socket is numbered; what an older socket says after a newer one opened is ignored.
/// Every action resolves exactly once: with the host's response, or with `host`
/// `connection_closed` when its socket drops or the connection closes first.
final class RemoteConnection: TransportConnection {
    private struct State {
        /// Events asked for so far, sent again with every reconnection.
        var subscriptions: Set<String>
        /// The socket in use (0 before the first).
        var socket: UInt64 = 0
        /// Frames for the socket in use, written by its writer task; nil between sockets.
        var outbound: AsyncStream<String>.Continuation?
        /// Frames given to ``outbound`` and not written yet.
        var queuedFrames = 0
        /// The socket in use, once open: an action goes straight to it when no frame is queued.
        var writer: WebSocketOutboundWriter?
        /// Actions sent on the socket in use and not answered yet, by request id.
        var pending: [UInt64: PendingAction] = [:]
        /// Failed attempts since the last successful connection.
        var attempt = 0
        var retry: HostTimer?
        var task: Task<Void, Never>?
        /// Closed by the client or, for good, by the host: no reconnection.
        var finished = false

        /// Records `response` for its action: returns the caller to resume when it waits, keeps
        /// it for a caller still writing; ignores an action answered already.
        mutating func answer(_ response: ActionResponse) -> CheckedContinuation<ActionResponse, Never>? {
            switch pending[response.id] {
            case .waiting(let continuation)?:
                pending[response.id] = nil
                return continuation
            case .sending(nil)?:
                pending[response.id] = .sending(response)
                return nil
            case .sending?, nil:
                return nil
            }
        }

        /// Fails every unanswered action with `error`: removes and returns the waiting ones (to
        /// resume outside the lock) and leaves the answer for those whose callers still write.
        mutating func failPending(_ error: ActorError) -> [(UInt64, CheckedContinuation<ActionResponse, Never>)] {
            var waiting: [(UInt64, CheckedContinuation<ActionResponse, Never>)] = []
            for (id, action) in pending {
                switch action {
                case .waiting(let continuation):
                    waiting.append((id, continuation))
                    pending[id] = nil
                case .sending(nil):
                    pending[id] = .sending(ActionResponse(id: id, error: error))
                case .sending:
                    break
                }
            }
            return waiting
        }
    }

    private let config: ClientConfig
    private let clock: any HostClock
    private let request: ConnectRequest
    private let receive: @Sendable (ServerMessage) -> Void
    private let state: Locked<State>
    private let codec = FrameCodec()
    private let logger = Logger(label: "ecs-bench.host-remote.client")

    /// A connection not opened yet.
    init(config: ClientConfig, clock: any HostClock, request: ConnectRequest, receive: @escaping @Sendable (ServerMessage) -> Void) {
        self.config = config
        self.clock = clock
        self.request = request
        self.receive = receive
        state = Locked(State(subscriptions: Set(request.subscriptions)))
    }

    /// Opens a socket, sending the connect request with the current subscriptions first.
    func connect() {
        let opened: (socket: UInt64, stream: AsyncStream<String>)? = state.withLock { state in
            guard !state.finished else { return nil }
            let (stream, continuation) = AsyncStream.makeStream(of: String.self)
            state.socket += 1
            continuation.yield(codec.text(ClientFrame.connect(request.subscribed(to: state.subscriptions.sorted()))))
            state.queuedFrames = 1
            state.outbound = continuation
            return (state.socket, stream)
        }
        guard let opened else { return }
        let task = Task { await self.run(socket: opened.socket, outbound: opened.stream) }
        state.withLock { state in
            if state.socket == opened.socket { state.task = task }
        }
    }

    /// Sends the action and waits for its response (or for its socket to drop). The caller
    /// writes it to the open socket itself unless frames wait to be written before it.
    nonisolated(nonsending) func perform(_ request: ActionRequest) async -> ActionResponse {
        let text = codec.text(ClientFrame.action(request))
        guard text.utf8.count <= config.maxFrameBytes else {
            return ActionResponse(id: request.id, error: .frameTooLarge(bytes: text.utf8.count, limit: config.maxFrameBytes))
        }
        let direct: (socket: UInt64, writer: WebSocketOutboundWriter)? = state.withLock { state in
            guard state.queuedFrames == 0, let writer = state.writer else { return nil }
            state.pending[request.id] = .sending(nil)
            return (state.socket, writer)
        }
        guard let direct else { return await performQueued(request.id, text) }
        do {
            try await direct.writer.write(.text(text))
        } catch {
            // Not written (the caller was cancelled, or the socket is closing): the writer task
            // sends it if the socket still works; otherwise the socket's end answers it.
            enqueue(text, socket: direct.socket)
        }
        return await withCheckedContinuation { continuation in
            let answer: ActionResponse? = state.withLock { state in
                if case .sending(let answer?)? = state.pending[request.id] {
                    state.pending[request.id] = nil
                    return answer
                }
                state.pending[request.id] = .waiting(continuation)
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Sends the action through the socket's writer task and waits for its response.
    private func performQueued(_ id: UInt64, _ text: String) async -> ActionResponse {
        await withCheckedContinuation { continuation in
            let sent = state.withLock { state in
                guard let outbound = state.outbound else { return false }
                state.pending[id] = .waiting(continuation)
                state.queuedFrames += 1
                outbound.yield(text)
                return true
            }
            if !sent {
                continuation.resume(returning: ActionResponse(id: id, error: .connectionClosed("the connection to the host is closed")))
            }
        }
    }

    /// Gives `text` to the writer task of `socket`, if that is still the socket in use.
    private func enqueue(_ text: String, socket: UInt64) {
        state.withLock { state in
            guard state.socket == socket, let outbound = state.outbound else { return }
            state.queuedFrames += 1
            outbound.yield(text)
        }
    }

    /// Records the change (for reconnections) and sends it on the open socket.
    func update(_ subscription: SubscriptionRequest) {
        let text = codec.text(ClientFrame.subscription(subscription))
        state.withLock { state in
            if subscription.subscribe {
                state.subscriptions.insert(subscription.eventName)
            } else {
                state.subscriptions.remove(subscription.eventName)
            }
            guard let outbound = state.outbound else { return }
            state.queuedFrames += 1
            outbound.yield(text)
        }
    }

    /// Closes the socket and stops reconnecting; actions in flight throw `connection_closed`.
    func close() {
        let error = ActorError.connectionClosed("the connection was closed by the client")
        let (waiting, task): ([(UInt64, CheckedContinuation<ActionResponse, Never>)], Task<Void, Never>?) = state.withLock { state in
            guard !state.finished else { return ([], nil) }
            state.finished = true
            state.retry?.cancel()
            state.retry = nil
            state.outbound?.finish()
            state.outbound = nil
            state.writer = nil
            return (state.failPending(error), state.task.take())
        }
        task?.cancel()
        Self.fail(waiting, error)
    }

    /// Runs socket `socket` until it ends, then schedules the next attempt.
    private func run(socket: UInt64, outbound: AsyncStream<String>) async {
        var headers = HTTPFields()
        if let token = config.token { headers[.authorization] = "Bearer \(token)" }
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers)
        let closing = Locked<ActorError?>(nil)
        var reason = ActorError.connectionClosed("the host closed the socket")
        let turn = await FirstSocketGate.shared.enter()
        do {
            try await WebSocketClient.connect(url: config.url, configuration: configuration, logger: logger) { inbound, writer, _ in
                turn?.end(opened: true)
                self.opened(socket: socket, writer: writer)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await text in outbound {
                            try await writer.write(.text(text))
                            self.written(socket: socket)
                        }
                        try await writer.close(.normalClosure, reason: nil)
                    }
                    var messages = inbound.messages(maxSize: Int.max).makeAsyncIterator()
                    while let message = try await messages.next() {
                        guard case .text(let text) = message else { continue }
                        if let error = self.deliver(text, socket: socket) {
                            closing.withLock { $0 = error }
                            break
                        }
                    }
                    group.cancelAll()
                }
            }
        } catch {
            reason = .unreachable("\(config.endpoint.host):\(config.endpoint.port)", error)
        }
        turn?.end(opened: false)
        ended(socket: socket, reason: closing.withLock { $0 } ?? reason)
    }

    /// Passes on one frame of socket `socket`; returns the reason when the host closed the
    /// connection and the socket should end.
    private func deliver(_ text: String, socket: UInt64) -> ActorError? {
        let frame: HostFrame
        do throws(ActorError) {
            frame = try codec.decode(HostFrame.self, from: text.utf8)
        } catch {
            if isCurrent(socket) { receive(.error(error)) }
            return nil
        }
        switch frame {
        case .response(let response):
            let waiting = state.withLock { state in
                state.socket == socket ? state.answer(response) : nil
            }
            waiting?.resume(returning: response)
            return nil
        case .initialized(let message):
            let current = state.withLock { state in
                guard state.socket == socket, !state.finished else { return false }
                state.attempt = 0
                return true
            }
            if current { receive(.initialized(message)) }
            return nil
        case .closed(let error):
            // The host going away (`connection_closed`) is worth another attempt; a refusal is not.
            guard let error, error.group == "host", error.code == "connection_closed" else {
                finish(socket: socket, reason: error)
                return error ?? .connectionClosed("the host closed the connection")
            }
            return error
        case .event, .error:
            if isCurrent(socket), let message = frame.serverMessage { receive(message) }
            return nil
        }
    }

    /// Socket `socket` opened: actions may be written to it directly.
    private func opened(socket: UInt64, writer: WebSocketOutboundWriter) {
        state.withLock { state in
            if state.socket == socket { state.writer = writer }
        }
    }

    /// The writer task of `socket` wrote one queued frame.
    private func written(socket: UInt64) {
        state.withLock { state in
            if state.socket == socket { state.queuedFrames -= 1 }
        }
    }

    /// Whether `socket` is the one in use and the connection is not finished.
    private func isCurrent(_ socket: UInt64) -> Bool {
        state.withLock { $0.socket == socket && !$0.finished }
    }

    /// The host closed the connection for good: no reconnection, the status becomes disconnected.
    private func finish(socket: UInt64, reason: ActorError?) {
        let error = reason ?? .connectionClosed("the host closed the connection")
        let waiting: [(UInt64, CheckedContinuation<ActionResponse, Never>)]? = state.withLock { state in
            guard state.socket == socket, !state.finished else { return nil }
            state.finished = true
            state.outbound?.finish()
            state.outbound = nil
            state.writer = nil
            return state.failPending(error)
        }
        guard let waiting else { return }
        Self.fail(waiting, error)
        receive(.closed(reason))
    }

    /// Socket `socket` ended: fails its actions and, unless finished, reports the interruption
    /// and schedules the next attempt after the backoff.
    private func ended(socket: UInt64, reason: ActorError) {
        let waiting: [(UInt64, CheckedContinuation<ActionResponse, Never>)]? = state.withLock { state in
            guard state.socket == socket else { return nil }
            state.outbound?.finish()
            state.outbound = nil
            state.writer = nil
            state.task = nil
            let waiting = state.failPending(reason)
            guard !state.finished else { return waiting }
            state.attempt += 1
            state.retry = clock.schedule(after: ReconnectBackoff.delay(attempt: state.attempt)) { [weak self] in
                self?.retry()
            }
            return waiting
        }
        guard let waiting else { return }
        Self.fail(waiting, reason)
        if isCurrent(socket) { receive(.interrupted(reason)) }
    }

    /// The backoff elapsed: reports `reconnecting` and opens a new socket.
    private func retry() {
        let due = state.withLock { state in
            guard !state.finished else { return false }
            state.retry = nil
            return true
        }
        guard due else { return }
        receive(.reconnecting)
        connect()
    }

    /// Answers every waiting action in `waiting` with `error`.
    private static func fail(_ waiting: [(UInt64, CheckedContinuation<ActionResponse, Never>)], _ error: ActorError) {
        for (id, continuation) in waiting { continuation.resume(returning: ActionResponse(id: id, error: error)) }
    }
}
#endif
