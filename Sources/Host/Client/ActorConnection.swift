import Platform
import Synchronization

/// One connection to a hosted world, shared by every mounted handle with the same identity
/// hash (the cache's unit), identified by its ``generation``.
///
/// It opens its transport connection on start, follows the host's messages (init →
/// connected, close → disconnected) and ignores everything that arrives after it is disposed.
public final class ActorConnection: Sendable {
    private struct State {
        var status: ActorConnStatus = .idle
        var region: String?
        var link: (any TransportConnection)?
        var listeners: [UInt64: @Sendable (ConnectionUpdate) -> Void] = [:]
        var nextListener: UInt64 = 0
        var events: Set<String> = []
        var hostConnectionID: UInt64?
    }

    /// Unique among the connections of one client, increasing: a newer connection has a
    /// larger generation.
    public let generation: UInt64
    /// The identity hash of the world.
    public let hash: String
    private let options: ActorOptions
    private let transport: any HostTransport
    private let state = Locked(State())
    private let nextActionID = Atomic<UInt64>(1)

    /// A connection not started yet.
    init(generation: UInt64, options: ActorOptions, transport: any HostTransport) {
        self.generation = generation
        self.hash = options.hash
        self.options = options
        self.transport = transport
    }

    /// A connection dropped without ``dispose()`` closes its link all the same.
    deinit {
        state.withLock { $0.link.take() }?.close()
    }

    /// The connection's status.
    public var status: ActorConnStatus { state.withLock { $0.status } }

    /// The region the world runs in, as the host said when the connection opened (nil before).
    public var region: String? { state.withLock { $0.region } }

    /// The host's id of the connection now open (new after every reconnection), nil before
    /// the first one opens.
    public var hostConnectionID: UInt64? { state.withLock { $0.hostConnectionID } }

    /// Opens the transport connection (status connecting, then what the host answers).
    func start() {
        let subscriptions = state.withLock { state in
            state.status = .connecting
            return state.events.sorted()
        }
        Self.notify(.status(.connecting, error: nil), state)
        // The host keeps this closure until the link closes: it captures the state only, never
        // the connection, so a connection nobody uses any more is freed (and closes its link)
        // even when a transport keeps the closure, and the connection takes no weak reference
        // that would put each action's retains on the slow path.
        let state = state
        let link = transport.open(ConnectRequest(options: options, subscriptions: subscriptions)) { message in
            Self.receive(message, state)
        }
        let keep = state.withLock { state in
            guard state.status != .disposed else { return false }
            state.link = link
            return true
        }
        if !keep { link.close() }
    }

    /// Registers `listener`; returns its token for ``removeListener(_:)``.
    func addListener(_ listener: @escaping @Sendable (ConnectionUpdate) -> Void) -> UInt64 {
        state.withLock { state in
            let token = state.nextListener
            state.nextListener += 1
            state.listeners[token] = listener
            return token
        }
    }

    /// Stops calling the listener registered under `token`.
    func removeListener(_ token: UInt64) {
        _ = state.withLock { $0.listeners.removeValue(forKey: token) }
    }

    /// Asks the host for the events named `name` from now on (once per name).
    func subscribe(_ name: String) {
        let link: (any TransportConnection)? = state.withLock { state in
            guard state.events.insert(name).inserted else { return nil }
            return state.link
        }
        link?.update(SubscriptionRequest(eventName: name, subscribe: true))
    }

    /// Runs action `name` with `args` in the world.
    /// - Throws: `client` `not_ready` unless connected; the action's own error otherwise.
    nonisolated(nonsending) func perform(_ name: String, _ args: [JSONValue]) async throws(ActorError) -> JSONValue {
        let (status, link) = state.withLock { ($0.status, $0.link) }
        guard status == .connected, let link else { throw .notReady(action: name, status: status) }
        let request = ActionRequest(id: nextActionID.wrappingAdd(1, ordering: .relaxed).oldValue, name: name, args: args)
        return try await link.perform(request).result.get()
    }

    /// Closes the transport connection; the status becomes disposed and stays so. The
    /// listeners hear it, then are dropped: nothing reaches them afterwards.
    func dispose() {
        let link: (any TransportConnection)? = state.withLock { state in
            guard state.status != .disposed else { return nil }
            state.status = .disposed
            return state.link.take()
        }
        link?.close()
        let listeners = state.withLock { state in
            defer { state.listeners.removeAll() }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener(.status(.disposed, error: nil)) }
    }

    /// Follows a message of the host in the connection's `state`.
    private static func receive(_ message: ServerMessage, _ state: Locked<State>) {
        let update: ConnectionUpdate? = state.withLock { state in
            guard state.status != .disposed else { return nil }
            switch message {
            case .initialized(let opened):
                state.status = .connected
                state.region = opened.region
                state.hostConnectionID = opened.connectionID
                return .status(.connected, error: nil)
            case .event(let event):
                return state.status == .connected ? .event(event) : nil
            case .error(let error):
                return .error(error)
            case .closed(let error):
                state.status = .disconnected
                state.link = nil
                return .status(.disconnected, error: error)
            case .interrupted(let error):
                // The link stays: it reconnects by itself.
                state.status = .disconnected
                return .status(.disconnected, error: error)
            case .reconnecting:
                state.status = .connecting
                return .status(.connecting, error: nil)
            }
        }
        if let update { notify(update, state) }
    }

    /// Calls every listener in `state` with `update`, outside the lock.
    private static func notify(_ update: ConnectionUpdate, _ state: Locked<State>) {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener(update) }
    }
}
