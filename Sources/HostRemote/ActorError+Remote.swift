#if RemoteHost
import ECS
import Host

extension ActorError {
    /// The upgrade request did not carry the host's bearer token.
    static let unauthorized = ActorError(
        group: "host", code: "unauthorized", message: "the host refused the connection: missing or wrong bearer token"
    )

    /// No `connect` frame came within the handshake deadline.
    static func handshakeTimeout(_ deadline: Duration) -> ActorError {
        ActorError(group: "host", code: "handshake_timeout", message: "no connect frame within \(deadline); the host closed the connection")
    }

    /// The path named another namespace than the host's.
    static func namespaceMismatch(requested: String, served: String) -> ActorError {
        ActorError(
            group: "host", code: "namespace_mismatch",
            message: "the host serves namespace \(served), not \(requested)",
            metadata: .object(["requested": .string(requested), "served": .string(served)])
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
#endif
