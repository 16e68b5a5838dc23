import ECS

extension ActorObservable {
    /// Runs action `name` with positional `args` inside the world, between its frames, and
    /// decodes its result as `R`.
    /// - Throws: `ActorError`: `client` `not_ready` unless connected, `client` `encode_error`
    ///   for an argument that cannot be written as JSON, `client` `decode_error` for a result
    ///   that is not an `R`, and the world's error when the action fails. Action errors are
    ///   thrown only; they never reach ``onError(_:)``.
    nonisolated(nonsending) public func action<R: Decodable>(_ name: String, args: [any Encodable]) async throws(ActorError) -> R {
        let output = try await perform(name, try Self.encode(args, for: name))
        do throws(ActorError) {
            return try output.decode(R.self)
        } catch {
            throw .resultDecodeError(action: name, detail: error.message)
        }
    }

    /// Runs action `name` without arguments.
    /// - Throws: as ``action(_:args:)``.
    nonisolated(nonsending) public func action<R: Decodable>(_ name: String) async throws(ActorError) -> R {
        try await action(name, args: [])
    }

    /// Runs action `name` with one argument.
    /// - Throws: as ``action(_:args:)``.
    nonisolated(nonsending) public func action<A: Encodable, R: Decodable>(_ name: String, _ a: A) async throws(ActorError) -> R {
        try await action(name, args: [a])
    }

    /// Runs action `name` with two arguments.
    /// - Throws: as ``action(_:args:)``.
    nonisolated(nonsending) public func action<A: Encodable, B: Encodable, R: Decodable>(_ name: String, _ a: A, _ b: B) async throws(ActorError) -> R {
        try await action(name, args: [a, b])
    }

    /// Runs action `name` with three arguments.
    /// - Throws: as ``action(_:args:)``.
    nonisolated(nonsending) public func action<A: Encodable, B: Encodable, C: Encodable, R: Decodable>(
        _ name: String, _ a: A, _ b: B, _ c: C
    ) async throws(ActorError) -> R {
        try await action(name, args: [a, b, c])
    }

    /// Fire and forget: runs action `name` with `args` on a task and drops its result and any
    /// error (none reaches ``onError(_:)``).
    public func send(_ name: String, args: [any Encodable]) {
        guard let encoded = try? Self.encode(args, for: name) else { return }
        Task { _ = try? await self.perform(name, encoded) }
    }

    /// Fire and forget without arguments.
    public func send(_ name: String) {
        send(name, args: [])
    }

    /// Fire and forget with one argument.
    public func send<A: Encodable>(_ name: String, _ a: A) {
        send(name, args: [a])
    }

    /// Fire and forget with two arguments.
    public func send<A: Encodable, B: Encodable>(_ name: String, _ a: A, _ b: B) {
        send(name, args: [a, b])
    }

    /// Fire and forget with three arguments.
    public func send<A: Encodable, B: Encodable, C: Encodable>(_ name: String, _ a: A, _ b: B, _ c: C) {
        send(name, args: [a, b, c])
    }

    /// Writes each argument as JSON.
    private static func encode(_ args: [any Encodable], for action: String) throws(ActorError) -> [JSONValue] {
        var encoded: [JSONValue] = []
        encoded.reserveCapacity(args.count)
        for argument in args {
            do throws(ActorError) {
                encoded.append(try JSONValue(encoding: argument))
            } catch {
                throw .encodeError(action: action, error)
            }
        }
        return encoded
    }
}
