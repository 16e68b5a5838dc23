#if canImport(CALSA)
import Glibc

/// The scheduling an ``ALSAOutput``'s writer thread got: the real-time `SCHED_FIFO` priority it
/// asked for, or the normal time-sharing priority when the system refused (no `CAP_SYS_NICE`,
/// no real-time budget) or none was asked for.
public enum ALSAThreadPriority: Sendable, Equatable {
    /// `SCHED_FIFO` at the given priority.
    case realTime(priority: Int32)
    /// The normal priority; the reason says why (`pthread_setschedparam`'s error, or that none was asked for).
    case normal(reason: String)

    /// Asks `SCHED_FIFO` at `priority` for the calling thread through `setScheduling` (the
    /// system's `pthread_setschedparam` on the thread, or a stand-in in tests) and returns what it got.
    static func request(_ priority: Int32?, setScheduling: (Int32, Int32) -> Int32 = Self.setCurrentThread) -> ALSAThreadPriority {
        guard let priority else { return .normal(reason: "no real-time priority was asked for") }
        let status = setScheduling(SCHED_FIFO, priority)
        guard status == 0 else {
            // SAFETY: strerror returns a NUL-terminated string, copied at once.
            return .normal(reason: "SCHED_FIFO \(priority) refused: \(unsafe String(cString: strerror(status)))")
        }
        return .realTime(priority: priority)
    }

    /// `pthread_setschedparam` of the calling thread: 0 or an errno.
    @Sendable static func setCurrentThread(policy: Int32, priority: Int32) -> Int32 {
        var parameters = sched_param()
        parameters.sched_priority = priority
        // SAFETY: `parameters` is a local read by the call.
        return unsafe pthread_setschedparam(pthread_self(), policy, &parameters)
    }
}
#endif
