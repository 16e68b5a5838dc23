import Platform
import Testing

/// Threads: the lock of the host's shared state, checked under ThreadSanitizer by
/// `scripts/tsan.sh` (a `Synchronization.Mutex` doing the same is reported there).
@Suite struct LockedTests {
    /// A non-Sendable value, like a world's model.
    private final class Tally {
        var count = 0
    }

    @Test func incrementsFromManyTasksAreNeitherLostNorRacy() async {
        let tally = Locked(Tally())
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<20_000 { tally.withLock { $0.count += 1 } }
                }
            }
        }
        #expect(tally.withLock { $0.count } == 80_000)
    }

    @Test func aThrowingBodyReleasesTheLock() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) { try value.withLock { _ in throw Refused() } }
        #expect(value.withLock { $0 } == 1)
    }
}
