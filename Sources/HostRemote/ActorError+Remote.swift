import ECS
import Host

extension ActorError {
    /// The upgrade request did not carry the host's bearer token.
    static let unauthorized = ActorError(
        group: "host", code: "unauthorized", message: "the host refused the connection: missing or wrong bearer token"
    )

    /// The path named another namespace than the host's.
    static func namespaceMismatch(requested: String, served: String) -> ActorError {
        ActorError(
            group: "host", code: "namespace_mismatch",
            message: "the host serves namespace \(served), not \(requested)",
            metadata: .object(["requested": .string(requested), "served": .string(served)])
        )
    }

    /// A frame that is not a JSON message of the protocol (or a binary frame).
    static func malformedFrame(_ detail: String) -> ActorError {
        ActorError(group: "host", code: "malformed_frame", message: "malformed frame: \(detail)",
                   metadata: .object(["detail": .string(detail)]))
    }

    /// A frame longer than the host (or client) accepts.
    static func frameTooLarge(bytes: Int, limit: Int) -> ActorError {
        ActorError(
            group: "host", code: "frame_too_large", message: "a frame of \(bytes) bytes exceeds the limit of \(limit) bytes",
            metadata: .object(["bytes": .int(Int64(bytes)), "limit": .int(Int64(limit))])
        )
    }

    /// An action request with more positional arguments than the host accepts.
    static func tooManyArguments(action: String, count: Int, limit: Int) -> ActorError {
        ActorError(
            group: "host", code: "too_many_arguments",
            message: "action \(action) has \(count) arguments; the host accepts at most \(limit)",
            metadata: .object(["action": .string(action), "count": .int(Int64(count)), "limit": .int(Int64(limit))])
        )
    }

    /// A frame the connection's state does not allow (an action before `connect`, a second `connect`).
    static func unexpectedFrame(_ detail: String) -> ActorError {
        ActorError(group: "host", code: "unexpected_frame", message: detail)
    }

    /// The socket could not be opened or failed.
    static func unreachable(_ endpoint: String, _ error: any Error) -> ActorError {
        .connectionClosed("cannot reach the host at \(endpoint): \(error)")
    }
}
