import Platform
import Synchronization

/// Typed event channels with positional JSON-like payloads.
///
/// An event is a name and a list of positional arguments. A payload that is a JSON array is
/// the argument list; any other value is wrapped as a single argument. Typed subscribers
/// declare their argument types; each argument is decoded on its own, the arity must match
/// exactly, and an event that does not decode is dropped for that subscriber, counted
/// (``decodeErrors``) and reported to the error handlers as ``ActorError`` `client:decode_error`
/// naming the event. Events are delivered synchronously, in emission order, on the emitting
/// thread.
///
/// This is the bus of hosted worlds, whose events cross a process boundary as JSON; systems of an
/// ECS app talk through the typed `Events` of the `ECS` library instead.
public final class EventBus: Sendable {
    /// Identifies a subscription, for ``unsubscribe(_:)``.
    public struct Subscription: Hashable, Sendable {
        let id: Int
    }

    private typealias Handler = @Sendable ([JSONValue]) -> ActorError?

    private struct State {
        var nextID = 0
        var handlers: [String: [(id: Int, handler: Handler)]] = [:]
        var errorHandlers: [@Sendable (ActorError) -> Void] = []
    }

    private let state = Locked(State())
    private let decodeErrorCount = Atomic<Int>(0)

    /// An empty bus.
    public init() {}

    /// Events dropped for a subscriber because they did not decode, since the bus was made.
    public var decodeErrors: Int { decodeErrorCount.load(ordering: .relaxed) }

    /// Emits `name` with `payload` (an array is the argument list; anything else is one argument).
    public func emit(_ name: String, _ payload: JSONValue) {
        if case .array(let arguments) = payload {
            emit(name, arguments: arguments)
        } else {
            emit(name, arguments: [payload])
        }
    }

    /// Emits `name` with positional `arguments`.
    public func emit(_ name: String, arguments: [JSONValue]) {
        let (handlers, errorHandlers) = state.withLock { ($0.handlers[name] ?? [], $0.errorHandlers) }
        for (_, handler) in handlers {
            guard let error = handler(arguments) else { continue }
            decodeErrorCount.add(1, ordering: .relaxed)
            for report in errorHandlers { report(error) }
        }
    }

    /// Subscribes to `name` with typed positional arguments (any arity, including none):
    /// ```swift
    /// bus.subscribe("move") { (x: Double, y: Double) in … }
    /// ```
    @discardableResult
    public func subscribe<each A: Decodable & SendableMetatype>(
        _ name: String, _ handler: @escaping @Sendable (repeat each A) -> Void
    ) -> Subscription {
        add(name) { arguments in
            do throws(ActorError) {
                let values = try Self.decode(name, arguments, as: repeat (each A).self)
                handler(repeat each values)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Subscribes to `name` with the raw argument list (the escape hatch for any payload).
    @discardableResult
    public func subscribeRaw(_ name: String, _ handler: @escaping @Sendable ([JSONValue]) -> Void) -> Subscription {
        add(name) { arguments in
            handler(arguments)
            return nil
        }
    }

    /// An `AsyncStream` of the single typed argument of each `name` event; events that do not
    /// decode are dropped and reported like those of typed subscribers.
    public func stream<A: Decodable & Sendable>(_ name: String, as type: A.Type = A.self) -> AsyncStream<A> {
        let (stream, continuation) = AsyncStream<A>.makeStream()
        let subscription = subscribe(name) { (value: A) in continuation.yield(value) }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(subscription) }
        return stream
    }

    /// An `AsyncStream` of the raw argument lists of `name` events.
    public func rawStream(_ name: String) -> AsyncStream<[JSONValue]> {
        let (stream, continuation) = AsyncStream<[JSONValue]>.makeStream()
        let subscription = subscribeRaw(name) { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(subscription) }
        return stream
    }

    /// Adds a handler called with every decode error.
    public func onError(_ handler: @escaping @Sendable (ActorError) -> Void) {
        state.withLock { $0.errorHandlers.append(handler) }
    }

    /// Removes a subscription; later events no longer reach it.
    public func unsubscribe(_ subscription: Subscription) {
        state.withLock { state in
            for name in state.handlers.keys {
                state.handlers[name]?.removeAll { $0.id == subscription.id }
            }
        }
    }

    private func add(_ name: String, _ handler: @escaping Handler) -> Subscription {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.handlers[name, default: []].append((id, handler))
            return Subscription(id: id)
        }
    }

    /// Decodes `arguments` as the pack `A`, one argument per element; trailing optional
    /// arguments may be left out and read as nil (`start()` for `start(seed?)`), while a
    /// required one left out fails as the wrong arity. The event bus's rules, shared with the
    /// action arguments so that both decode alike.
    static func decode<each A: Decodable & SendableMetatype>(
        _ name: String, _ arguments: [JSONValue], as types: repeat (each A).Type
    ) throws(ActorError) -> (repeat each A) {
        var arity = 0
        for _ in repeat each types { arity += 1 }
        func failure(_ detail: String) -> ActorError {
            .decodeError(event: name, detail: detail)
        }
        guard arguments.count <= arity else {
            throw failure("expected \(arity) args, received \(arguments.count)")
        }
        // `next` runs once per pack element, so `position` stays below `arity`; past
        // `arguments.count` it reads a left-out argument as `null`.
        var position = 0
        func next<X: Decodable>(_ type: X.Type) throws(ActorError) -> X {
            defer { position += 1 }
            guard position < arguments.count else {
                // Only an optional may be left out; anything else is one argument too few.
                return try omittedArgument(X.self, else: failure("expected \(arity) args, received \(arguments.count)"))
            }
            do throws(ActorError) {
                return try arguments[position].decode(X.self)
            } catch {
                throw failure("argument \(position) is not a valid \(X.self)")
            }
        }
        return try (repeat next((each A).self))
    }
}

/// The value of a left-out argument of type `X`: nil for an optional; `error` for anything
/// else. Out of line and free of `X?`, so that the hot path of ``EventBus/decode(_:_:as:)``
/// instantiates no optional metadata per argument (4.7% more instructions in the `host` gate).
@inline(never)
private func omittedArgument<X>(_ type: X.Type, else error: @autoclosure () -> ActorError) throws(ActorError) -> X {
    guard let omitted = (type as? any OmittableArgument.Type)?.omitted as? X else { throw error() }
    return omitted
}

/// The argument types a caller may leave out at the end of an argument list: optionals.
private protocol OmittableArgument {
    /// The value of a left-out argument: nil.
    static var omitted: Self { get }
}

extension Optional: OmittableArgument {
    /// nil.
    fileprivate static var omitted: Self { nil }
}
