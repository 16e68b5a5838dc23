import ECS

/// The normalised inputs of an actor handle: which world (name, key, params), how to create
/// it (input, region) and whether the handle is active.
///
/// Only `name`, `key` and `params` make up the identity ``hash``; `createWithInput`,
/// `createInRegion` and `enabled` do not.
public struct ActorOptions: Sendable, Equatable {
    /// The registered world name.
    public let name: String
    /// The instance key (one or more parts).
    public let key: [String]
    /// Connection parameters, as JSON.
    public let params: JSONValue?
    /// The creation input passed to the world definition when the world does not exist yet.
    public let createWithInput: JSONValue?
    /// The region to create the world in when it does not exist yet (nil: the host's own);
    /// a world that exists is joined wherever it runs.
    public let createInRegion: String?
    /// Whether the handle connects.
    public var enabled: Bool

    /// Normalises the inputs.
    /// - Throws: `ActorError` `config_error` for an empty name or region, or params or input
    ///   that cannot be written as JSON.
    public init(
        _ name: String, key: [String], params: (any Encodable)? = nil, createWithInput: (any Encodable)? = nil,
        createInRegion: String? = nil, enabled: Bool = true
    ) throws(ActorError) {
        guard !name.isEmpty else { throw .configError("an actor name must not be empty") }
        guard createInRegion != "" else { throw .configError("actor \(name): createInRegion must not be empty (nil means the host's region)") }
        self.name = name
        self.key = key
        self.params = try Self.json(params, "params")
        self.createWithInput = try Self.json(createWithInput, "createWithInput")
        self.createInRegion = createInRegion
        self.enabled = enabled
    }

    /// The identity: `name`, the key parts and the base64 of the canonical JSON of `params`,
    /// joined with `:`.
    public var hash: String { ActorIdentity.hash(name: name, key: key, params: params) }

    private static func json(_ value: (any Encodable)?, _ field: String) throws(ActorError) -> JSONValue? {
        guard let value else { return nil }
        do throws(ActorError) {
            return try JSONValue(encoding: value)
        } catch {
            throw .configError("\(field) cannot be written as JSON: \(error.message)")
        }
    }
}
