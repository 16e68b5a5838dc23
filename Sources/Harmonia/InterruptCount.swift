import Synchronization

/// How many quit signals arrived: the first asks the event loop to quit, a second one (the
/// loop did not finish) leaves at once.
final class InterruptCount: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more signal and returns whether it is the first.
    func first() -> Bool {
        count.add(1, ordering: .relaxed).oldValue == 0
    }
}
