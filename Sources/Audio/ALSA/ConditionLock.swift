#if canImport(CALSA)
import Glibc

/// A value behind a `pthread_mutex_t` with a condition variable: threads wait, with or without a
/// timeout, until the value satisfies a predicate, and every change under the lock wakes them.
///
/// It is the ALSA output's hand-over between the callers (render, flush, stop) and its writer
/// thread. ThreadSanitizer intercepts pthread mutexes and conditions, so it checks them for real
/// (it does not see `Synchronization.Mutex`'s futex calls). It is `@unchecked Sendable` because
/// the value is reached only under the mutex and what leaves it is `Sendable`; the mutex and the
/// condition are allocated in `init` and freed in `deinit` only, which is why the class is `@safe`.
@safe
final class ConditionLock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    /// A lock holding `value`, which no one else may keep.
    init(_ value: sending Value) {
        // SAFETY: allocated and initialised here, destroyed and freed in `deinit`. The condition
        // measures timeouts on the monotonic clock, as `wait(until:timeoutNanoseconds:_:)` computes them.
        unsafe mutex = .allocate(capacity: 1)
        unsafe condition = .allocate(capacity: 1)
        unsafe pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        unsafe pthread_condattr_init(&attributes)
        unsafe pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        unsafe pthread_cond_init(condition, &attributes)
        unsafe pthread_condattr_destroy(&attributes)
        self.value = value
    }

    deinit {
        // SAFETY: initialised in `init`; nobody holds or waits on them once the object is released.
        unsafe pthread_cond_destroy(condition)
        unsafe pthread_mutex_destroy(mutex)
        unsafe condition.deallocate()
        unsafe mutex.deallocate()
    }

    /// Runs `body` with the value under the lock (not reentrant), then wakes every waiter.
    func withLock<Result: Sendable, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        // SAFETY: the mutex and condition live as long as `self`.
        unsafe pthread_mutex_lock(mutex)
        defer {
            unsafe pthread_cond_broadcast(condition)
            unsafe pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }

    /// Waits until `ready` holds for the value, or `timeoutNanoseconds` have passed (no timeout
    /// when `nil`), then runs `body` under the same hold of the lock and wakes every waiter.
    func wait<Result: Sendable>(
        until ready: (inout Value) -> Bool, timeoutNanoseconds: UInt64? = nil, _ body: (inout Value) -> Result
    ) -> Result {
        let deadline = timeoutNanoseconds.map(Self.monotonicDeadline)
        // SAFETY: the mutex and condition live as long as `self`; `deadline` is a local read by the call.
        unsafe pthread_mutex_lock(mutex)
        defer {
            unsafe pthread_cond_broadcast(condition)
            unsafe pthread_mutex_unlock(mutex)
        }
        while !ready(&value) {
            if var deadline {
                if unsafe pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
            } else {
                unsafe pthread_cond_wait(condition, mutex)
            }
        }
        return body(&value)
    }

    /// The monotonic clock `nanoseconds` from now, as the absolute time `pthread_cond_timedwait` takes.
    private static func monotonicDeadline(_ nanoseconds: UInt64) -> timespec {
        var now = timespec()
        // SAFETY: `now` is a local written by the call.
        unsafe clock_gettime(CLOCK_MONOTONIC, &now)
        let capped = min(nanoseconds, 86_400 * 1_000_000_000)
        let total = Int(now.tv_nsec) + Int(capped % 1_000_000_000)
        return timespec(
            tv_sec: now.tv_sec + Int(capped / 1_000_000_000) + total / 1_000_000_000,
            tv_nsec: total % 1_000_000_000)
    }
}
#endif
