import Dispatch
import Testing

/// A trait that runs each test on a thread of its own instead of Swift's cooperative pool.
///
/// A test that drives a ``PseudoTerminal`` blocks while it waits for the program's screen, and
/// it must react within the program's own timings (a track that plays for a second). On the
/// pool it would hold one of its few threads (two on a two-core machine), stalling the timings
/// of other tests, and could itself wait seconds for a thread that other tests hold. With this
/// trait the test's code, and every continuation of it, runs on a serial queue that Dispatch
/// backs with a thread of its own whenever its others are busy.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// On a suite, it applies to each of its tests.
    public var isRecursive: Bool { true }

    /// Runs the test case through an executor of its own.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(QueueExecutor(label: "test \(test.name)")) {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs each test on a thread of its own (see ``OwnThreadTrait``).
    public static var onItsOwnThread: Self { Self() }
}

/// A task executor that runs its jobs, one at a time, on a serial Dispatch queue.
final class QueueExecutor: TaskExecutor {
    /// Where the jobs run.
    private let queue: DispatchQueue

    /// An executor over a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
