import ECS

extension ActorObservable {
    /// Calls `handler` with the typed positional arguments of every `name` event, any arity
    /// (`{ () in }`, `{ (count: Int) in }`, … `{ (a: A, b: B, c: C, d: D, e: E) in }`). The
    /// arity must match exactly and each argument decodes on its own (the ECS event bus's
    /// rules); an event that does not decode is dropped and reported to ``onError(_:)`` as
    /// `client` `decode_error` with the event name in its metadata.
    @discardableResult
    public func onEvent<each A: Decodable & SendableMetatype>(
        _ name: String, _ handler: @escaping @Sendable (repeat each A) -> Void
    ) -> EventBus.Subscription {
        let subscription = bus.subscribe(name, handler)
        listen(to: name)
        return subscription
    }

    /// Calls `handler` with the raw argument list of every `name` event (any arity, no decoding).
    @discardableResult
    public func onRawEvent(_ name: String, _ handler: @escaping @Sendable ([JSONValue]) -> Void) -> EventBus.Subscription {
        let subscription = bus.subscribeRaw(name, handler)
        listen(to: name)
        return subscription
    }

    /// Stops calling a handler of ``onEvent(_:_:)`` or ``onRawEvent(_:_:)``.
    public func removeEventHandler(_ subscription: EventBus.Subscription) {
        bus.unsubscribe(subscription)
    }

    /// The single typed argument of each `name` event; events that do not decode are dropped
    /// and reported like those of ``onEvent(_:_:)``.
    public func events<A: Decodable & Sendable>(_ name: String, as type: A.Type = A.self) -> AsyncStream<A> {
        stream(name) { continuation in self.onEvent(name) { (a: A) in continuation.yield(a) } }
    }

    /// One element per `name` event without arguments.
    public func events(_ name: String, as type: Void.Type) -> AsyncStream<Void> {
        stream(name) { continuation in self.onEvent(name) { () in continuation.yield(()) } }
    }

    /// The two typed arguments of each `name` event.
    public func events<A: Decodable & Sendable, B: Decodable & Sendable>(_ name: String, as type: (A, B).Type) -> AsyncStream<(A, B)> {
        stream(name) { continuation in self.onEvent(name) { (a: A, b: B) in continuation.yield((a, b)) } }
    }

    /// The three typed arguments of each `name` event.
    public func events<A: Decodable & Sendable, B: Decodable & Sendable, C: Decodable & Sendable>(
        _ name: String, as type: (A, B, C).Type
    ) -> AsyncStream<(A, B, C)> {
        stream(name) { continuation in self.onEvent(name) { (a: A, b: B, c: C) in continuation.yield((a, b, c)) } }
    }

    /// The raw argument lists of `name` events.
    public func rawEvents(_ name: String) -> AsyncStream<[JSONValue]> {
        stream(name) { continuation in self.onRawEvent(name) { continuation.yield($0) } }
    }

    /// A stream fed by the subscription `subscribe` makes, removed when the stream ends.
    private func stream<T: Sendable>(
        _ name: String, _ subscribe: (AsyncStream<T>.Continuation) -> EventBus.Subscription
    ) -> AsyncStream<T> {
        let (stream, continuation) = AsyncStream.makeStream(of: T.self)
        let subscription = subscribe(continuation)
        continuation.onTermination = { [bus] _ in bus.unsubscribe(subscription) }
        return stream
    }
}
