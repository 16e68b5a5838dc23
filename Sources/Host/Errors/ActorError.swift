import ECS

/// The error of every hosted-world operation: a group, a stable code, a readable message and
/// optional facts, described as `[group:code] message`.
///
/// Groups: `client` (errors found on the client side: `decode_error`, `config_error`,
/// `not_ready`, `encode_error`, `invalid_argument`), `host` (the host: `world_not_found`,
/// `region_unavailable`, `connection_closed`; a remote host also `unauthorized`,
/// `namespace_mismatch`, `malformed_frame`, `frame_too_large`, `too_many_arguments`,
/// `unexpected_frame`) and `world` (a world's own code: `create_failed`, `unknown_action`,
/// `invalid_arguments`, `action_failed`, `step_failed`).
public struct ActorError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    /// Who found the problem: `client`, `host` or `world`.
    public let group: String
    /// A stable machine-readable code within the group, for example `decode_error`.
    public let code: String
    /// A readable, single-line explanation.
    public let message: String
    /// Extra facts, for example `{"event": "move", "detail": "expected 2 args, received 1"}`.
    public let metadata: JSONValue?

    /// Creates an error.
    public init(group: String, code: String, message: String, metadata: JSONValue? = nil) {
        self.group = group
        self.code = code
        self.message = message
        self.metadata = metadata
    }

    /// `[group:code] message`.
    public var description: String { "[\(group):\(code)] \(message)" }
}
