import Synchronization

/// The process has one allocation counter: a test that counts holds this lock, so that two
/// tests counting at once on different threads never reset or add to each other's count.
enum AllocationCounting {
    static let lock = Mutex<Void>(())

    /// Runs `body`, which counts allocations, while no other test counts.
    static func exclusively<R>(_ body: () throws -> R) rethrows -> R {
        try lock.withLock { _ in try body() }
    }
}
