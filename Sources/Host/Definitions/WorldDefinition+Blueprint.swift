import ECS

/// A registered definition after type erasure: the host makes running worlds from it.
protocol WorldBlueprint: Sendable {
    /// The registered name.
    var name: String { get }
    /// Makes and starts a world with identity `hash` from `input` in `environment`.
    func start(
        hash: String, input: JSONValue?, environment: WorldEnvironment, onError: @escaping @Sendable (ActorError) -> Void
    ) throws(ActorError) -> any WorldRunning
}

extension WorldDefinition: WorldBlueprint {
    /// Makes the model and starts ticking it.
    func start(
        hash: String, input: JSONValue?, environment: WorldEnvironment, onError: @escaping @Sendable (ActorError) -> Void
    ) throws(ActorError) -> any WorldRunning {
        let runtime = try WorldRuntime(definition: self, hash: hash, input: input, environment: environment, onError: onError)
        runtime.startTicking()
        return runtime
    }
}
