import ECS

/// A world type registered with a ``WorldHost`` under its name: how to make a world from its
/// creation input, its actions, the events it publishes, its fixed timestep, its target frame
/// rate and its background behaviour.
///
/// ```swift
/// let counter = try WorldDefinition("counter", events: ["count"]) { _ in try CounterModel() }
///     .action("add") { (model: CounterModel, amount: Int) in model.add(amount) }
/// ```
public struct WorldDefinition<Model: HostedModel>: Sendable {
    /// An action after type erasure: decodes its arguments, runs, encodes its result.
    typealias Action = @Sendable (Model, [JSONValue]) -> Result<JSONValue, ActorError>

    /// The name clients ask for.
    public let name: String
    /// Event names the world's bus publishes to subscribed connections.
    public let events: [String]
    /// Frame ticks per second, `1...1000`.
    public let targetFrameRate: Int
    /// The fixed-timestep driver each world of this type starts with.
    public let timestep: FixedTimestep
    /// What a world does when the host enters the background.
    public let backgroundBehavior: BackgroundBehavior
    /// Makes a world's model from the creation input.
    let make: @Sendable (JSONValue?) throws -> Model
    /// Actions by name.
    private(set) var actions: [String: Action] = [:]

    /// A definition without actions.
    /// - Parameters:
    ///   - name: the name clients reach the world by.
    ///   - events: the names of the events the world sends.
    ///   - targetFrameRate: frames per second while the world runs, `1...1000`.
    ///   - fixedStep: seconds per fixed step; nil means one step per frame at `targetFrameRate`.
    ///   - make: builds the model from `createWithInput` (nil when none was given); what it
    ///     throws fails the connection with `world` `create_failed`.
    ///   - backgroundBehavior: what the world does while it is in the background.
    /// - Throws: `ActorError` `config_error` for an empty name, empty or repeated event names,
    ///   a frame rate outside `1...1000`, or a step `FixedTimestep` rejects.
    public init(
        _ name: String, events: [String] = [], targetFrameRate: Int = 60, fixedStep: Double? = nil,
        backgroundBehavior: BackgroundBehavior = .pauseAndRestore,
        make: @escaping @Sendable (JSONValue?) throws -> Model
    ) throws(ActorError) {
        guard !name.isEmpty else { throw .configError("a world name must not be empty") }
        guard !events.contains(""), Set(events).count == events.count else {
            throw .configError("world \(name): event names must be non-empty and distinct (got \(events))")
        }
        guard (1...1000).contains(targetFrameRate) else {
            throw .configError("world \(name): target frame rate must be 1...1000 frames per second (got \(targetFrameRate))")
        }
        do throws(ECSError) {
            timestep = try FixedTimestep(step: fixedStep ?? 1 / Double(targetFrameRate))
        } catch {
            throw .configError("world \(name): \(error.message)")
        }
        self.name = name
        self.events = events
        self.targetFrameRate = targetFrameRate
        self.backgroundBehavior = backgroundBehavior
        self.make = make
    }

    /// The action names, sorted.
    public var actionNames: [String] { actions.keys.sorted() }

    /// Adds action `name`, whose positional arguments decode as `A…` with the event bus's
    /// rules (exact arity, each argument on its own) and whose result is written as JSON.
    /// Arguments that do not decode fail with `world` `invalid_arguments`; what `body` throws
    /// fails with `world` `action_failed` (an `ActorError` it throws is passed on as is).
    /// - Throws: `ActorError` `config_error` for an empty or repeated name.
    public func action<each A: Decodable & SendableMetatype, R: Encodable & SendableMetatype>(
        _ name: String, _ body: @escaping @Sendable (Model, repeat each A) throws -> R
    ) throws(ActorError) -> Self {
        guard !name.isEmpty else { throw .configError("world \(self.name): an action name must not be empty") }
        guard actions[name] == nil else { throw .configError("world \(self.name): action \(name) is defined twice") }
        var copy = self
        copy.actions[name] = { model, arguments in Self.run(name, model, arguments, body) }
        return copy
    }

    /// Decodes `arguments` as `A…`, runs `body` and writes its result as JSON.
    private static func run<each A: Decodable & SendableMetatype, R: Encodable>(
        _ name: String, _ model: Model, _ arguments: [JSONValue], _ body: (Model, repeat each A) throws -> R
    ) -> Result<JSONValue, ActorError> {
        let values: (repeat each A)
        do throws(ActorError) {
            values = try EventBus.decode(name, arguments, as: repeat (each A).self)
        } catch {
            return .failure(.invalidArguments(action: name, error))
        }
        let result: R
        do {
            result = try body(model, repeat each values)
        } catch {
            return .failure(.actionFailed(name, error))
        }
        do throws(ActorError) {
            return .success(try JSONValue(encoding: result))
        } catch {
            return .failure(.actionFailed(name, error))
        }
    }
}
