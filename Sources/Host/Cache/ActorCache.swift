import Platform

/// Connections by identity hash with reference counting: a connection is shared by every mounted
/// handle with its hash; when the last one lets go it is disposed ``disposalDelay`` later, unless a
/// handle takes it again within that window.
final class ActorCache: Sendable {
    /// How long an unused connection lives before it is disposed.
    static let disposalDelay = Duration.seconds(5)

    private struct State {
        var entries: [String: CacheEntry] = [:]
        var nextGeneration: UInt64 = 1
    }

    private let transport: any HostTransport
    private let clock: any HostClock
    private let state = Locked(State())

    /// An empty cache opening connections through `transport`, timing disposals on `clock`.
    init(transport: any HostTransport, clock: any HostClock) {
        self.transport = transport
        self.clock = clock
    }

    /// A cache nobody can use any more (its client and handles are gone) cancels the pending
    /// disposals and disposes its connections at once, so that neither their worlds nor their
    /// host outlive every user.
    deinit {
        let entries = state.withLock { state in
            defer { state.entries.removeAll() }
            return Array(state.entries.values)
        }
        for entry in entries {
            entry.disposal?.cancel()
            entry.connection.dispose()
        }
    }

    /// Takes a reference to the connection for `options.hash`, cancelling a pending disposal,
    /// or creates it; `isNew` tells the caller to start it once it listens.
    func acquire(_ options: ActorOptions) -> (connection: ActorConnection, isNew: Bool) {
        let hash = options.hash
        return state.withLock { state in
            if var entry = state.entries[hash] {
                entry.references += 1
                entry.disposal?.cancel()
                entry.disposal = nil
                state.entries[hash] = entry
                return (entry.connection, false)
            }
            let connection = ActorConnection(generation: state.nextGeneration, options: options, transport: transport)
            state.nextGeneration += 1
            state.entries[hash] = CacheEntry(connection: connection, references: 1)
            return (connection, true)
        }
    }

    /// Gives back a reference to `connection`; at zero its disposal is due after ``disposalDelay``.
    ///
    /// The clock holds the disposal until it runs, and the clock usually belongs to the host the
    /// connection reaches: so the disposal holds neither the cache nor the connection (only the
    /// hash and generation it expires), and a pending disposal never keeps a connection, its
    /// world or its host alive after the client and handles are gone.
    func release(_ connection: ActorConnection) {
        state.withLock { state in
            guard var entry = state.entries[connection.hash], entry.connection === connection, entry.references > 0 else { return }
            entry.references -= 1
            if entry.references == 0 {
                let (hash, generation) = (connection.hash, connection.generation)
                entry.disposal = clock.schedule(after: Self.disposalDelay) { [weak self] in
                    self?.expire(hash, generation: generation)
                }
            }
            state.entries[connection.hash] = entry
        }
    }

    /// References held on the connection for `hash` (0 when none is cached).
    func references(for hash: String) -> Int {
        state.withLock { $0.entries[hash]?.references ?? 0 }
    }

    /// Whether a connection for `hash` is cached (in use or waiting for disposal).
    func contains(_ hash: String) -> Bool {
        state.withLock { $0.entries[hash] != nil }
    }

    /// Disposes the cached connection of `hash` if it is still the one of `generation` and unused.
    private func expire(_ hash: String, generation: UInt64) {
        let unused: ActorConnection? = state.withLock { state in
            guard let entry = state.entries[hash], entry.connection.generation == generation, entry.references == 0 else { return nil }
            state.entries[hash] = nil
            return entry.connection
        }
        unused?.dispose()
    }
}
