import Dispatch
import Synchronization

/// Runs numbered jobs on up to `threads` threads; each job runs exactly once. Which thread
/// runs a job varies, so jobs must not depend on it: results are then identical for any
/// thread count.
public enum ParallelExecutor {
    /// Runs `body(0..<jobs)`, spread over at most `threads` threads (inline when 1).
    public static func run(jobs: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
        guard jobs > 0 else { return }
        let workers = Swift.min(Swift.max(threads, 1), jobs)
        guard workers > 1 else {
            for job in 0..<jobs { body(job) }
            return
        }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let job = next.add(1, ordering: .relaxed).oldValue
                guard job < jobs else { return }
                body(job)
            }
        }
    }
}
