#if RemoteHost
import Platform
import Host

/// Opens a process's WebSocket client sockets one at a time until one of them has opened.
///
/// The first socket of a process instantiates the generic type metadata of NIO's HTTP upgrade
/// pipeline. Swift 6.3's runtime crashed once (a null metadata in a conformance check, on an
/// event-loop thread, in `configureUpgradableHTTPClientPipeline`) while two event loops set up
/// their first client pipelines at the same moment. Once one socket has opened, that metadata
/// exists, and every later socket opens without waiting.
final class FirstSocketGate: Sendable {
    /// The gate of every ``RemoteConnection`` of the process.
    static let shared = FirstSocketGate()

    private struct State {
        /// A socket has opened: no one waits any more.
        var opened = false
        /// A socket is being opened under the gate.
        var busy = false
        /// Openers waiting for their turn, in arrival order.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// One opener's turn: ends when its socket opened or failed.
    final class Turn: Sendable {
        private let gate: FirstSocketGate
        private let ended = Locked(false)

        fileprivate init(gate: FirstSocketGate) {
            self.gate = gate
        }

        /// Ends the turn (only the first call counts): `opened` lets every opener through from
        /// now on; otherwise the next waiting opener takes its turn.
        func end(opened: Bool) {
            guard ended.withLock({ ended in defer { ended = true }; return !ended }) else { return }
            gate.end(opened: opened)
        }
    }

    private let state = Locked(State())

    /// Waits until this opener may open a socket. Returns nil when a socket has opened already
    /// (nothing to end), otherwise the turn to end when the socket opened or failed.
    func enter() async -> Turn? {
        let isOpen = state.withLock(\.opened)
        if isOpen { return nil }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let proceed = state.withLock { state in
                if state.opened { return true }
                if !state.busy {
                    state.busy = true
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if proceed { continuation.resume() }
        }
        return state.withLock(\.opened) ? nil : Turn(gate: self)
    }

    /// Ends the current turn: lets everyone through after a socket opened, else hands the turn
    /// to the next opener in line.
    private func end(opened: Bool) {
        let resumed: [CheckedContinuation<Void, Never>] = state.withLock { state in
            if opened {
                state.opened = true
                state.busy = false
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            guard !state.waiting.isEmpty else {
                state.busy = false
                return []
            }
            return [state.waiting.removeFirst()]
        }
        for continuation in resumed { continuation.resume() }
    }
}
#endif
