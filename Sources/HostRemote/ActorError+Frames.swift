#if RemoteHost
import Host

/// The errors of a frame's content: what the host (or client) cannot read or will not run,
/// whatever the state of the connection.
extension ActorError {
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
}
#endif
