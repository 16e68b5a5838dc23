import Platform

/// A handle on a hosted world whose lifecycle follows a view, driven by explicit calls instead of
/// SwiftUI: ``mount()`` when a view appears, ``unmount()`` when it goes, ``update(_:)`` when its
/// options change. Its state is readable from any thread and published through ``stateUpdates()``.
///
/// - Mounting an enabled handle takes a reference on the cached connection of its hash
///   (get-or-create); the status goes connecting → connected.
/// - Unmounting gives the reference back; the connection is disposed 5 s after its last
///   reference goes (the handle then reads `disposed`) unless a handle mounts it again first.
/// - Disabling gives the reference back and resets the handle to idle; enabling reconnects.
/// - A new hash (name, key or params) leaves the old connection and takes a new one.
/// Events of a connection the handle has left are dropped.
public final class ActorObservable: Sendable {
    private struct State {
        var options: ActorOptions
        var mounted = false
        var status: ActorConnStatus = .idle
        var error: ActorError?
        /// The connection followed (kept after unmount until it is disposed).
        var connection: ActorConnection?
        var listener: UInt64?
        /// Whether the handle counts as a reference on `connection`.
        var holdsReference = false
        /// Bumped whenever the handle starts or stops following a connection; updates that
        /// carry an older value are stale.
        var generation: UInt64 = 0
        var events: Set<String> = []
        var observers: [UInt64: AsyncStream<ActorSnapshot>.Continuation] = [:]
        var nextObserver: UInt64 = 0
        var errorHandlers: [@Sendable (ActorError) -> Void] = []

        var snapshot: ActorSnapshot {
            ActorSnapshot(
                connStatus: status, error: error, connectionGeneration: connection?.generation, hash: options.hash, opts: options
            )
        }

        /// Sends the current snapshot to every observer.
        func publish() {
            let snapshot = snapshot
            for observer in observers.values { observer.yield(snapshot) }
        }
    }

    private let cache: ActorCache
    private let state: Locked<State>
    /// Decodes incoming events for this handle's subscribers with the ECS event bus's rules.
    let bus = EventBus()

    /// An idle, unmounted handle.
    init(options: ActorOptions, cache: ActorCache) {
        self.cache = cache
        state = Locked(State(options: options))
        bus.onError { [weak self] error in self?.report(error) }
    }

    /// A handle dropped while mounted gives its reference back, as an unmount would, and
    /// ends its state streams.
    deinit {
        state.withLock { state in
            if let listener = state.listener { state.connection?.removeListener(listener) }
            if state.holdsReference, let connection = state.connection { cache.release(connection) }
            for observer in state.observers.values { observer.finish() }
        }
    }

    /// The connection status.
    public var connStatus: ActorConnStatus { state.withLock { $0.status } }
    /// The latest connection, host or decode error; cleared by a new connection and on connect.
    public var error: ActorError? { state.withLock { $0.error } }
    /// The connection, while connected.
    public var connection: ActorConnection? { state.withLock { $0.status == .connected ? $0.connection : nil } }
    /// The identity hash.
    public var hash: String { state.withLock { $0.options.hash } }
    /// The normalised options.
    public var opts: ActorOptions { state.withLock { $0.options } }
    /// Whether the status is connected.
    public var isConnected: Bool { connStatus == .connected }
    /// The whole state at once.
    public var snapshot: ActorSnapshot { state.withLock { $0.snapshot } }

    /// The current state, then every change, until the stream is dropped.
    public func stateUpdates() -> AsyncStream<ActorSnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActorSnapshot.self)
        let token = state.withLock { state in
            let token = state.nextObserver
            state.nextObserver += 1
            state.observers[token] = continuation
            continuation.yield(state.snapshot)
            return token
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: token) }
        }
        return stream
    }

    /// Calls `handler` with every connection, host and decode error (never action errors,
    /// which the action throws).
    public func onError(_ handler: @escaping @Sendable (ActorError) -> Void) {
        state.withLock { $0.errorHandlers.append(handler) }
    }

    /// The view appeared: connects when enabled (a second mount does nothing).
    public func mount() {
        let started = state.withLock { state -> ActorConnection? in
            guard !state.mounted else { return nil }
            state.mounted = true
            return state.options.enabled ? attach(&state) : nil
        }
        started?.start()
    }

    /// The view went away: gives back the reference; the connection's disposal follows 5 s
    /// later unless it is mounted again.
    public func unmount() {
        state.withLock { state in
            guard state.mounted else { return }
            state.mounted = false
            if state.holdsReference, let connection = state.connection {
                state.holdsReference = false
                cache.release(connection)
            }
        }
    }

    /// New options: a new hash leaves the old connection (status idle) and, when mounted and
    /// enabled, takes the new one; `enabled` false leaves it and resets to idle, true connects.
    public func update(_ options: ActorOptions) {
        let started = state.withLock { state -> ActorConnection? in
            let old = state.options
            state.options = options
            let leave = old.hash != options.hash || !options.enabled
            if leave, state.connection != nil {
                detach(&state)
            }
            guard state.mounted, options.enabled, !state.holdsReference else {
                state.publish()
                return nil
            }
            return attach(&state)
        }
        started?.start()
    }

    /// Takes a reference on the cached connection and follows it; returns it when it is new
    /// and must be started (after the lock is released).
    private func attach(_ state: inout State) -> ActorConnection? {
        if let listener = state.listener { state.connection?.removeListener(listener) }
        let (connection, isNew) = cache.acquire(state.options)
        state.generation += 1
        let generation = state.generation
        state.connection = connection
        state.holdsReference = true
        state.error = nil
        state.status = isNew ? .connecting : connection.status
        state.listener = connection.addListener { [weak self] update in self?.apply(update, generation: generation) }
        for name in state.events { connection.subscribe(name) }
        state.publish()
        return isNew ? connection : nil
    }

    /// Stops following the connection, gives back its reference and resets to idle.
    private func detach(_ state: inout State) {
        guard let connection = state.connection else { return }
        if let listener = state.listener { connection.removeListener(listener) }
        if state.holdsReference { cache.release(connection) }
        state.connection = nil
        state.listener = nil
        state.holdsReference = false
        state.generation += 1
        state.status = .idle
        state.error = nil
    }

    /// Applies an update of the connection followed under `generation`; stale ones are dropped.
    private func apply(_ update: ConnectionUpdate, generation: UInt64) {
        let (current, handlers): (Bool, [@Sendable (ActorError) -> Void]) = state.withLock { state in
            guard state.generation == generation else { return (false, []) }
            switch update {
            case .status(let status, let error):
                guard state.status != status || error != nil else { return (true, []) }
                state.status = status
                if status == .connected { state.error = nil }
                if let error { state.error = error }
                state.publish()
                return (true, error == nil ? [] : state.errorHandlers)
            case .error(let error):
                state.error = error
                state.publish()
                return (true, state.errorHandlers)
            case .event:
                return (true, [])
            }
        }
        guard current else { return }
        switch update {
        case .event(let event): bus.emit(event.name, arguments: event.args)
        case .status(_, let error?), .error(let error): for handler in handlers { handler(error) }
        case .status: break
        }
    }

    /// Records `error` and passes it to the error handlers.
    func report(_ error: ActorError) {
        let handlers = state.withLock { state in
            state.error = error
            state.publish()
            return state.errorHandlers
        }
        for handler in handlers { handler(error) }
    }

    /// Asks the connection (now and after every reconnection) for the events named `name`.
    func listen(to name: String) {
        let connection = state.withLock { state -> ActorConnection? in
            guard state.events.insert(name).inserted else { return nil }
            return state.connection
        }
        connection?.subscribe(name)
    }

    /// Runs action `name` with encoded `args` on the connection.
    /// - Throws: `client` `not_ready` unless connected; the action's error otherwise.
    nonisolated(nonsending) func perform(_ name: String, _ args: [JSONValue]) async throws(ActorError) -> JSONValue {
        let (status, connection) = state.withLock { ($0.status, $0.connection) }
        guard status == .connected, let connection else { throw .notReady(action: name, status: status) }
        return try await connection.perform(name, args)
    }
}
