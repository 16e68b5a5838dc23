extension ActorError {
    /// An event that did not decode for a typed subscriber: `failed to decode event <name>`
    /// with the event name and the reason in the metadata.
    static func decodeError(event: String, detail: String) -> ActorError {
        ActorError(
            group: "client", code: "decode_error", message: "failed to decode event \(event)",
            metadata: .object(["event": .string(event), "detail": .string(detail)])
        )
    }

    /// An action result that is not the type the caller asked for.
    static func resultDecodeError(action: String, detail: String) -> ActorError {
        ActorError(
            group: "client", code: "decode_error", message: "failed to decode the result of action \(action)",
            metadata: .object(["action": .string(action), "detail": .string(detail)])
        )
    }

    /// A configuration that cannot work (client options or a world definition).
    package static func configError(_ message: String) -> ActorError {
        ActorError(group: "client", code: "config_error", message: message)
    }

    /// An action issued while there is no connected connection.
    static func notReady(action: String, status: ActorConnStatus) -> ActorError {
        ActorError(
            group: "client", code: "not_ready",
            message: "action \(action) needs a connected actor (status: \(status.rawValue))",
            metadata: .object(["action": .string(action), "status": .string(status.rawValue)])
        )
    }

    /// An action argument that cannot be written as JSON.
    static func encodeError(action: String, _ error: ActorError) -> ActorError {
        ActorError(
            group: "client", code: "encode_error", message: "action \(action): \(error.message)",
            metadata: .object(["action": .string(action)])
        )
    }

    /// A value outside what a client-side call accepts.
    static func invalidArgument(_ message: String) -> ActorError {
        ActorError(group: "client", code: "invalid_argument", message: message)
    }
}
