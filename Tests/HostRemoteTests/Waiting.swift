#if RemoteHost
import Foundation
import Platform
import Host
import Testing

/// A wait that never hangs a test run.
struct WaitTimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// How long a wait may take before it fails the test. Generous on purpose: in a full parallel
/// run (under AddressSanitizer especially) a suspended test can wait for a free thread of the
/// cooperative pool for tens of seconds; the bound only keeps a real hang from stalling CI.
let waitLimitSeconds = 90.0

/// Polls `condition` every 5 ms until it holds, for up to `seconds`.
/// - Throws: ``WaitTimedOut`` (recorded as a test issue) when it never holds.
func waitUntil(_ what: String, seconds: Double = waitLimitSeconds, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out after \(seconds) s waiting for \(what)")
            throw WaitTimedOut(what: what)
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// `operation`'s value, or ``WaitTimedOut`` after `seconds`.
func withTimeout<T: Sendable>(_ what: String, seconds: Double = waitLimitSeconds, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            Issue.record("timed out after \(seconds) s waiting for \(what)")
            throw WaitTimedOut(what: what)
        }
        return value
    }
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

extension ActorError {
    /// The string field `name` of the metadata object.
    func metadataField(_ name: String) -> String? {
        guard case .object(let fields)? = metadata, case .string(let value)? = fields[name] else { return nil }
        return value
    }
}
#endif
