#if RemoteHost
import Platform
import Host

/// The frames waiting for one server connection's socket, bounded so that a client that stops
/// reading never makes its world wait: the world only appends (under a short lock), events
/// beyond ``capacity`` are dropped and counted (here and in the world's diagnostics), and the
/// connection reads no further actions until the queue has room again, so action responses
/// are never dropped.
///
/// One side at a time holds the right to write to the socket: the writer (``next()``) or the
/// reader of the socket answering an action itself (``claim(_:)``) when nothing else is being
/// written, which spares the hop to the writer's task. Whoever holds it writes frames in queue
/// order and hands back with ``release()``.
final class OutboundQueue: Sendable {
    private struct State {
        var frames: [HostFrame] = []
        var finished = false
        /// Someone holds the right to write.
        var writing = false
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
            guard !state.writing, let reader = state.reader.take() else {
                state.frames.append(frame)
                return nil
            }
            state.writing = true
            return reader
        }
        reader?.resume(returning: [frame])
    }

    /// Takes the right to write with `frame` after every waiting frame, when no one holds it;
    /// otherwise queues `frame` for whoever does and answers nil (also once finished, when
    /// `frame` is dropped like every later frame). The caller writes the batch, then calls
    /// ``release()``.
    func claim(_ frame: HostFrame) -> [HostFrame]? {
        let (batch, room): ([HostFrame]?, CheckedContinuation<Void, Never>?) = state.withLock { state in
            guard !state.finished else { return (nil, nil) }
            state.frames.append(frame)
            guard !state.writing else { return (nil, nil) }
            state.writing = true
            defer { state.frames.removeAll(keepingCapacity: true) }
            return (state.frames, state.roomWaiter.take())
        }
        room?.resume()
        return batch
    }

    /// Gives up the right to write: hands frames queued meanwhile to the waiting writer, or
    /// returns them to the caller, who keeps the right and writes them before releasing again.
    func release() -> [HostFrame]? {
        let (batch, reader, room): ([HostFrame]?, CheckedContinuation<[HostFrame]?, Never>?, CheckedContinuation<Void, Never>?) =
            state.withLock { state in
                guard !state.frames.isEmpty else {
                    state.writing = false
                    return (nil, nil, nil)
                }
                defer { state.frames.removeAll(keepingCapacity: true) }
                return (state.frames, state.reader.take(), state.roomWaiter.take())
            }
        room?.resume()
        guard let reader else { return batch }
        reader.resume(returning: batch)
        return nil
    }

    /// Waits until fewer than ``capacity`` frames wait (or the queue is finished).
    func waitForRoom() async {
        guard state.withLock({ $0.frames.count >= capacity && !$0.finished }) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard state.frames.count >= capacity, !state.finished else { return true }
                state.roomWaiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Every waiting frame, in order, once there is one and no one else holds the right to
    /// write, which the caller then holds until ``release()``; nil once finished and empty.
    func next() async -> [HostFrame]? {
        await withCheckedContinuation { (continuation: CheckedContinuation<[HostFrame]?, Never>) in
            let (batch, room): ([HostFrame]??, CheckedContinuation<Void, Never>?) = state.withLock { state in
                if !state.frames.isEmpty, !state.writing {
                    state.writing = true
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
#endif
