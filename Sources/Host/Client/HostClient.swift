/// Makes actor handles for the worlds of one host and caches their connections.
///
/// ```swift
/// let client = HostClient(host: host)
/// let counter = try client.actor("counter", key: "main")
/// counter.mount()
/// let total: Int = try await counter.action("add", 2)
/// ```
public final class HostClient: Sendable {
    private let cache: ActorCache

    /// A client reaching its host through `transport`, timing disposals on `clock`.
    public init(transport: any HostTransport, clock: any HostClock = ContinuousHostClock()) {
        cache = ActorCache(transport: transport, clock: clock)
    }

    /// A client of the in-process `host`, on the host's clock.
    public convenience init(host: WorldHost) {
        self.init(transport: host, clock: host.clock)
    }

    /// A handle (idle until mounted) on the world `name` with instance `key`, created from
    /// `createWithInput` in region `createInRegion` (the host's own when nil) if it does not
    /// exist yet.
    /// - Throws: `ActorError` `config_error` for an empty name or region, or params or input
    ///   that cannot be written as JSON.
    public func actor(
        _ name: String, key: [String], params: (any Encodable)? = nil, createWithInput: (any Encodable)? = nil,
        createInRegion: String? = nil, enabled: Bool = true
    ) throws(ActorError) -> ActorObservable {
        let options = try ActorOptions(
            name, key: key, params: params, createWithInput: createWithInput, createInRegion: createInRegion, enabled: enabled
        )
        return ActorObservable(options: options, cache: cache)
    }

    /// A handle on the world `name` with the one-part instance `key`.
    /// - Throws: as the form with a `[String]` key.
    public func actor(
        _ name: String, key: String, params: (any Encodable)? = nil, createWithInput: (any Encodable)? = nil,
        createInRegion: String? = nil, enabled: Bool = true
    ) throws(ActorError) -> ActorObservable {
        try actor(name, key: [key], params: params, createWithInput: createWithInput, createInRegion: createInRegion, enabled: enabled)
    }

    /// Mounted, enabled handles sharing the connection of identity `hash`.
    public func referenceCount(for hash: String) -> Int {
        cache.references(for: hash)
    }

    /// Whether a connection of identity `hash` is cached (in use or waiting for its disposal).
    public func isCached(_ hash: String) -> Bool {
        cache.contains(hash)
    }
}
