#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the lock of every state shared between threads in the
/// project (the schedule's run state, the host's worlds and sockets, the audio player's state).
///
/// It locks a pthread mutex rather than `Synchronization.Mutex` because ThreadSanitizer
/// intercepts pthread mutexes: on Linux `Mutex` locks through futex calls that it does not see,
/// so it reports values behind a `Mutex` touched from two threads as races, while values
/// behind a `Locked` are checked for real by `scripts/tsan.sh`.
///
/// It is `@unchecked Sendable` because the value is reached only inside ``withLock(_:)`` and
/// ``withLockIfAvailable(_:)``, under the mutex, and what leaves them is sent (`sending`): it
/// shares no state with the value. The mutex is allocated in `init` and freed in
/// `deinit` only, so every pointer access below holds: that is why the class is `@safe`.
/// ``withLock(_:)`` is `@inlinable`, so it is specialised and inlined in the modules that use it.
@safe
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// A lock holding `value`, which no one else may keep.
    public init(_ value: sending Value) {
        // SAFETY: allocated and initialised here, destroyed and freed in `deinit`.
        unsafe mutex = .allocate(capacity: 1)
        unsafe pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        // SAFETY: initialised in `init`; nobody holds the lock once the object is released.
        unsafe pthread_mutex_destroy(mutex)
        unsafe mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock (not reentrant: `body` must not take
    /// the same lock), and throws what `body` throws. What `body` returns must not share state
    /// with the value (`sending`), as with `Synchronization.Mutex`.
    @inlinable
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        // SAFETY: the mutex lives as long as `self`.
        unsafe pthread_mutex_lock(mutex)
        defer { unsafe pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value when the lock is free now and returns its result; returns nil
    /// at once, without running `body`, while another thread holds it.
    @inlinable
    public func withLockIfAvailable<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        // SAFETY: the mutex lives as long as `self`.
        guard unsafe pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { unsafe pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
