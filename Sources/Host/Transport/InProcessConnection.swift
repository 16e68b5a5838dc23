import Synchronization

/// A connection of a ``WorldHost``: actions run in the world, between its frames, where its
/// ``WorldExecution`` says.
final class InProcessConnection: TransportConnection {
    private let id: UInt64
    private let hash: String
    /// The world, nil when the connection failed to open.
    private let world: (any WorldRunning)?
    private let host: WorldHost
    private let closed = Atomic<Bool>(false)

    /// A connection `id` to `world` of `host`.
    init(id: UInt64, hash: String, world: (any WorldRunning)?, host: WorldHost) {
        self.id = id
        self.hash = hash
        self.world = world
        self.host = host
    }

    /// A connection dropped without ``close()`` leaves its world all the same.
    deinit {
        close()
    }

    /// Runs the action in the world: on the caller's thread inline, on the world's queue isolated.
    nonisolated(nonsending) func perform(_ request: ActionRequest) async -> ActionResponse {
        guard let world, !closed.load(ordering: .acquiring) else {
            return ActionResponse(id: request.id, error: .connectionClosed("the connection to \(hash) is closed"))
        }
        // An inline world answers through a plain call: no async frame per action.
        if let response = world.performInline(request) { return response }
        return await world.perform(request)
    }

    /// Changes the connection's events.
    func update(_ subscription: SubscriptionRequest) {
        world?.update(id, subscription)
    }

    /// Leaves the world (once); the last connection to leave stops it.
    func close() {
        guard let world, !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        host.close(id, of: world, hash: hash)
    }
}
