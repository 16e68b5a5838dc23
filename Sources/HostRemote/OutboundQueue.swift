import Host

/// The frames waiting for one server connection's socket, bounded so that a client that stops
/// reading never makes its world wait: the world only appends (under a short lock), events
/// beyond ``capacity`` are dropped and counted (here and in the world's diagnostics), and the
/// connection reads no further actions until the queue has room again, so action responses
/// are never dropped.
final class OutboundQueue: Sendable {
    private struct State {
        var frames: [HostFrame] = []
        var finished = false
        var dropped = 0
        var diagnostics: HostDiagnostics?
        /// The writer waiting for frames.
        var reader: CheckedContinuation<[HostFrame]?, Never>?
        /// The reader of the socket waiting for room.
        var roomWaiter: CheckedContinuation<Void, Never>?
    }

    /// Frames that may wait before events are dropped.
    let capacity: Int
    private let state = Locked(State())

    /// An empty queue holding up to `capacity` frames before it drops events.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Events dropped so far.
    var dropped: Int { state.withLock { $0.dropped } }

    /// Counts later drops in `diagnostics` (the world's) as well.
    func attach(_ diagnostics: HostDiagnostics?) {
        state.withLock { $0.diagnostics = diagnostics }
    }

    /// Queues a message of the world: an event when there is room (dropped and counted
    /// otherwise), anything else always. Never waits.
    func offer(_ message: ServerMessage) {
        guard let frame = HostFrame(message) else { return }
        if case .event = frame {
            let (full, diagnostics): (Bool, HostDiagnostics?) = state.withLock { state in
                guard state.frames.count >= capacity, !state.finished else { return (false, nil) }
                state.dropped += 1
                return (true, state.diagnostics)
            }
            if full {
                diagnostics?.count(.deliveriesDropped)
                return
            }
        }
        push(frame)
    }

    /// Queues `frame` whatever the queue holds (responses, errors, the closing frame).
    func push(_ frame: HostFrame) {
        let reader: CheckedContinuation<[HostFrame]?, Never>? = state.withLock { state in
            guard !state.finished else { return nil }
            guard let reader = state.reader.take() else {
                state.frames.append(frame)
                return nil
            }
            return reader
        }
        reader?.resume(returning: [frame])
    }

    /// Waits until fewer than ``capacity`` frames wait (or the queue is finished).
    func waitForRoom() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard state.frames.count >= capacity, !state.finished else { return true }
                state.roomWaiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Every waiting frame, in order, once there is one; nil once finished and empty.
    func next() async -> [HostFrame]? {
        await withCheckedContinuation { (continuation: CheckedContinuation<[HostFrame]?, Never>) in
            let (batch, room): ([HostFrame]??, CheckedContinuation<Void, Never>?) = state.withLock { state in
                if !state.frames.isEmpty {
                    defer { state.frames.removeAll(keepingCapacity: true) }
                    return (.some(state.frames), state.roomWaiter.take())
                }
                if state.finished { return (.some(nil), state.roomWaiter.take()) }
                state.reader = continuation
                return (nil, nil)
            }
            room?.resume()
            if let batch { continuation.resume(returning: batch) }
        }
    }

    /// Ends the queue: frames already queued are still written, later ones are not.
    func finish() {
        let (reader, room) = state.withLock { state in
            state.finished = true
            return (state.reader.take(), state.roomWaiter.take())
        }
        reader?.resume(returning: nil)
        room?.resume()
    }
}
