import Platform
import Host

/// A host with the counter world on a virtual clock (its worlds inline unless told), and a
/// client of it.
struct HostFixture {
    let clock = VirtualClock()
    let host: WorldHost
    let client: HostClient

    init(_ definition: WorldDefinition<CounterModel>? = nil, execution: WorldExecution = .inline) throws {
        host = WorldHost(clock: clock, execution: execution)
        try host.register(definition ?? counterDefinition())
        client = HostClient(host: host)
    }

    /// A mounted handle on the counter `key`.
    func mounted(_ key: String = "main", createWithInput: Int? = nil) throws -> ActorObservable {
        let handle = try client.actor("counter", key: key, createWithInput: createWithInput)
        handle.mount()
        return handle
    }

    /// Advances the clock by `seconds`.
    func advance(_ seconds: Double) throws {
        try clock.advance(seconds: seconds)
    }
}

/// Collects values from any thread, behind a lock ThreadSanitizer sees (``Locked``: a
/// `Synchronization.Mutex` locks through futex calls it does not see, and it reported two
/// appends from two threads as a race).
final class Recorder<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] { values.withLock { $0 } }
}

/// The first `count` elements of `stream`.
func first<T>(_ count: Int, of stream: AsyncStream<T>) async -> [T] {
    var collected: [T] = []
    for await value in stream {
        collected.append(value)
        if collected.count == count { break }
    }
    return collected
}

/// Runs `operation` and returns the `ActorError` it throws, nil when it throws nothing or
/// something else.
func actorError(_ operation: () async throws -> Void) async -> ActorError? {
    do {
        try await operation()
        return nil
    } catch {
        return error as? ActorError
    }
}
