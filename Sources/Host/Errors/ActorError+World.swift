import ECS

extension ActorError {
    /// No world definition is registered under `name`.
    static func worldNotFound(_ name: String) -> ActorError {
        ActorError(group: "host", code: "world_not_found", message: "no world named \(name) is registered",
                   metadata: .object(["world": .string(name)]))
    }

    /// A new world of type `world` asked for a region outside the host's `served` regions.
    static func regionUnavailable(_ region: String, world: String, served: Set<String>) -> ActorError {
        let served = served.sorted()
        return ActorError(
            group: "host", code: "region_unavailable",
            message: "world \(world) cannot be created in region \(region): this host serves \(served.joined(separator: ", "))",
            metadata: .object(["world": .string(world), "region": .string(region), "regions": .array(served.map { .string($0) })]))
    }

    /// The connection was closed by the host (the world stopped or the host shut down).
    package static func connectionClosed(_ reason: String) -> ActorError {
        ActorError(group: "host", code: "connection_closed", message: reason)
    }

    /// A world's creation closure threw.
    static func createFailed(world: String, _ error: any Error) -> ActorError {
        ActorError(group: "world", code: "create_failed", message: "world \(world) could not be created: \(reason(error))",
                   metadata: .object(["world": .string(world)]))
    }

    /// An action name the world does not define.
    static func unknownAction(_ action: String, world: String) -> ActorError {
        ActorError(group: "world", code: "unknown_action", message: "world \(world) has no action \(action)",
                   metadata: .object(["action": .string(action), "world": .string(world)]))
    }

    /// Action arguments that do not decode as the action's parameter types.
    static func invalidArguments(action: String, _ error: ActorError) -> ActorError {
        let detail = error.detail ?? error.message
        return ActorError(group: "world", code: "invalid_arguments", message: "action \(action): \(detail)",
                          metadata: .object(["action": .string(action), "detail": .string(detail)]))
    }

    /// An action body that threw; an `ActorError` it threw is passed on unchanged.
    static func actionFailed(_ action: String, _ error: any Error) -> ActorError {
        if let error = error as? ActorError { return error }
        return ActorError(group: "world", code: "action_failed", message: "action \(action) failed: \(reason(error))",
                          metadata: .object(["action": .string(action)]))
    }

    /// An action of an isolated world not answered within `budget` of its arrival; `began`
    /// tells whether it was running (it finishes, its result dropped) or still waiting its turn
    /// (it will not run).
    static func actionTimeout(_ action: String, world: String, budget: Duration, began: Bool) -> ActorError {
        let milliseconds = budget / .milliseconds(1)
        let shown = milliseconds == milliseconds.rounded() ? "\(Int(milliseconds))" : "\(milliseconds)"
        let fate = began ? "it finishes on the world's queue and its result is dropped" : "it had not begun and will not run"
        return ActorError(
            group: "world", code: "action_timeout",
            message: "action \(action) of world \(world) was not answered within its budget of \(shown) ms; \(fate)",
            metadata: .object([
                "action": .string(action), "world": .string(world), "budgetMilliseconds": .double(milliseconds), "began": .bool(began),
            ]))
    }
    /// A fixed step of a world that threw.
    static func stepFailed(world: String, _ error: any Error) -> ActorError {
        if let error = error as? ActorError { return error }
        return ActorError(group: "world", code: "step_failed", message: "a step of world \(world) failed: \(reason(error))",
                          metadata: .object(["world": .string(world)]))
    }

    /// `[code] message` for an `ECSError`, `[group:code] message` for an `ActorError`, the
    /// description of anything else.
    private static func reason(_ error: any Error) -> String {
        String(describing: error)
    }
}

extension ActorError {
    /// The `detail` fact of the metadata, when it has one.
    var detail: String? {
        guard case .object(let facts) = metadata, case .string(let detail) = facts["detail"] else { return nil }
        return detail
    }
}
