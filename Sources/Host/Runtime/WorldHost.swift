import Platform

/// Hosts registered worlds in this process: the in-process ``HostTransport`` and the default
/// host of a ``HostClient``.
///
/// A world is created on the first connection to its identity (get-or-create, from that
/// connection's creation input and in its `createInRegion`, or the host's ``region``) and
/// stopped when its last connection closes. Every world ticks on the host's clock. The region
/// says where a new world is created and is not part of its identity: a connection to a world
/// that runs joins it, whatever region the connection asks for.
public final class WorldHost: HostTransport {
    private struct State {
        var blueprints: [String: any WorldBlueprint] = [:]
        var worlds: [String: any WorldRunning] = [:]
        /// The region each running world was created in, by identity hash.
        var regions: [String: String] = [:]
        var nextConnection: UInt64 = 1
        var inBackground = false
        var errorHandlers: [@Sendable (String, ActorError) -> Void] = []
    }

    /// The region of a host that names none.
    public static let defaultRegion = "local"

    /// The time source of every world's frames.
    public var clock: any HostClock { environment.clock }
    /// Where the worlds run their frames and actions.
    public var execution: WorldExecution { environment.execution }
    /// How many events each world holds before delivering them.
    public var eventLimits: WorldEventLimits { environment.eventLimits }
    private let environment: WorldEnvironment
    /// The region new worlds are created in when their request names none.
    public let region: String
    /// The regions this host creates worlds in, ``region`` included.
    public let regions: Set<String>
    private let state = Locked(State())

    /// A host without worlds in region ``defaultRegion``, ticking on `clock`, running its
    /// worlds as `execution` says and bounding their undelivered events by `eventLimits`.
    public convenience init(
        clock: any HostClock = ContinuousHostClock(), execution: WorldExecution = .inline,
        eventLimits: WorldEventLimits = .standard
    ) {
        self.init(
            environment: WorldEnvironment(clock: clock, execution: execution, eventLimits: eventLimits),
            checkedRegion: Self.defaultRegion, regions: [Self.defaultRegion])
    }

    /// A host without worlds in `region` that also creates worlds in `otherRegions`, ticking
    /// on `clock`, running its worlds as `execution` says and bounding their undelivered
    /// events by `eventLimits`.
    /// - Throws: `ActorError` `config_error` for an empty region name.
    public convenience init(
        clock: any HostClock = ContinuousHostClock(), execution: WorldExecution = .inline,
        eventLimits: WorldEventLimits = .standard, region: String, serving otherRegions: Set<String> = []
    ) throws(ActorError) {
        guard !region.isEmpty, !otherRegions.contains("") else {
            throw .configError("a region name must not be empty (region \"\(region)\", others \(otherRegions.sorted()))")
        }
        self.init(
            environment: WorldEnvironment(clock: clock, execution: execution, eventLimits: eventLimits),
            checkedRegion: region, regions: otherRegions.union([region]))
    }

    /// A host in `checkedRegion` serving `regions`, names already checked.
    private init(environment: WorldEnvironment, checkedRegion: String, regions: Set<String>) {
        self.environment = environment
        region = checkedRegion
        self.regions = regions
    }

    /// Registers `definition` under its name.
    /// - Throws: `ActorError` `config_error` when the name is already registered.
    public func register<Model: HostedModel>(_ definition: WorldDefinition<Model>) throws(ActorError) {
        let duplicate = state.withLock { state in
            guard state.blueprints[definition.name] == nil else { return true }
            state.blueprints[definition.name] = definition
            return false
        }
        if duplicate { throw .configError("a world named \(definition.name) is already registered") }
    }

    /// Calls `handler` with the identity hash and error of every failed step of any world.
    public func onError(_ handler: @escaping @Sendable (String, ActorError) -> Void) {
        state.withLock { $0.errorHandlers.append(handler) }
    }

    /// The identity hashes of the running worlds, sorted.
    public var worldHashes: [String] { state.withLock { $0.worlds.keys.sorted() } }

    /// The region the running world `hash` was created in, nil when none runs.
    public func region(of hash: String) -> String? {
        state.withLock { $0.regions[hash] }
    }

    /// The counters of the running world `hash`, nil when none runs.
    public func diagnostics(for hash: String) -> HostDiagnostics? {
        state.withLock { $0.worlds[hash]?.diagnostics }
    }

    /// Applies each world's background behaviour (worlds created meanwhile start in it).
    public func enterBackground() {
        for world in setBackground(true) { world.enterBackground() }
    }

    /// Returns every world to the foreground.
    public func enterForeground() {
        for world in setBackground(false) { world.enterForeground() }
    }

    /// Stops every world and closes every connection with `host` `connection_closed`.
    public func shutDown() {
        let worlds = state.withLock { state in
            defer {
                state.worlds.removeAll()
                state.regions.removeAll()
            }
            return Array(state.worlds.values)
        }
        for world in worlds { world.shutDown(.connectionClosed("the host shut down")) }
    }

    /// Gets or creates the world of `request` and connects to it; the first message is
    /// ``ServerMessage/initialized(_:)`` with the world's region, or ``ServerMessage/closed(_:)``
    /// with `host` `world_not_found`, `host` `region_unavailable` (a new world in a region
    /// outside ``regions``) or `world` `create_failed`.
    public func open(_ request: ConnectRequest, receive: @escaping @Sendable (ServerMessage) -> Void) -> any TransportConnection {
        let hash = request.hash
        typealias Opened = (world: any WorldRunning, region: String, id: UInt64, isNew: Bool, inBackground: Bool)
        let outcome: Result<Opened, ActorError> = state.withLock { state in
            var isNew = false
            let world: any WorldRunning
            let region: String
            if let running = state.worlds[hash], let home = state.regions[hash] {
                world = running
                region = home
            } else {
                guard let blueprint = state.blueprints[request.name] else { return .failure(.worldNotFound(request.name)) }
                region = request.createInRegion ?? self.region
                guard regions.contains(region) else {
                    return .failure(.regionUnavailable(region, world: request.name, served: regions))
                }
                do throws(ActorError) {
                    world = try blueprint.start(hash: hash, input: request.createWithInput, environment: environment) { [weak self] error in
                        self?.report(error, world: hash)
                    }
                } catch {
                    return .failure(error)
                }
                state.worlds[hash] = world
                state.regions[hash] = region
                isNew = true
            }
            let id = state.nextConnection
            state.nextConnection += 1
            world.connect(id, subscriptions: request.subscriptions, receive: receive)
            return .success((world, region, id, isNew, state.inBackground))
        }
        switch outcome {
        case .success(let opened):
            if opened.isNew, opened.inBackground { opened.world.enterBackground() }
            receive(.initialized(InitMessage(actorID: hash, connectionID: opened.id, region: opened.region)))
            return InProcessConnection(id: opened.id, hash: hash, world: opened.world, host: self)
        case .failure(let error):
            receive(.closed(error))
            return InProcessConnection(id: 0, hash: hash, world: nil, host: self)
        }
    }

    /// Removes connection `id` from `world`, stopping the world when it was the last one.
    func close(_ id: UInt64, of world: any WorldRunning, hash: String) {
        let stopped = state.withLock { state in
            guard world.disconnect(id) == 0, let current = state.worlds[hash], current === world else { return false }
            state.worlds[hash] = nil
            state.regions[hash] = nil
            return true
        }
        if stopped { world.shutDown(.connectionClosed("world \(hash) stopped after its last connection closed")) }
    }

    /// Sets the background flag and returns the worlds to apply it to.
    private func setBackground(_ background: Bool) -> [any WorldRunning] {
        state.withLock { state in
            guard state.inBackground != background else { return [] }
            state.inBackground = background
            return Array(state.worlds.values)
        }
    }

    /// Passes a world's failure to the error handlers.
    private func report(_ error: ActorError, world hash: String) {
        for handler in state.withLock({ $0.errorHandlers }) { handler(hash, error) }
    }
}
