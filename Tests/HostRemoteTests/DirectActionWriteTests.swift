#if RemoteHost
import ECS
import Host
@testable import HostRemote
import Testing

/// A remote client writes an action to its socket from the calling task: each action is still
/// sent once and answered once, whatever the calling task's state and however the answer races
/// the write.
@Suite(.timeLimit(.minutes(10))) struct DirectActionWriteTests {
    @Test func anActionOfACancelledTaskIsStillSentAndAnsweredOnce() async throws {
        let fixture = try await BackendFixture(.server)
        defer { fixture.finish() }
        let handle = try await fixture.connected("cancelled")
        let first: Int = try await handle.action("add", 1)
        #expect(first == 1)
        let gate = AsyncStream<Void>.makeStream()
        let cancelled = Task { () throws(ActorError) -> Int in
            for await _ in gate.stream {}
            return try await handle.action("add", 1)
        }
        cancelled.cancel()
        gate.continuation.finish()
        let total = try await withTimeout("the cancelled task's action") { try await cancelled.value }
        #expect(total == 2)
        let next: Int = try await handle.action("add", 1)
        #expect(next == 3)
    }

    @Test func concurrentActionsOfOneHandleAreEachAnsweredExactlyOnce() async throws {
        let fixture = try await BackendFixture(.server)
        defer { fixture.finish() }
        let handle = try await fixture.connected("concurrent")
        let count = 400
        let totals = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask { () throws(ActorError) -> Int in try await handle.action("add", 1) }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(totals.sorted() == Array(1...count))
    }
}
#endif
