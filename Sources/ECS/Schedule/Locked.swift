#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the lock of a schedule's run state and of every shared
/// state in `Host`.
///
/// `Synchronization.Mutex` locks through futex calls on Linux, which ThreadSanitizer does not
/// see, so it reports every `Mutex`-protected value touched from two threads as a race (two
/// tasks incrementing a `Mutex<Int>` are reported). ThreadSanitizer intercepts pthread
/// mutexes, so with this lock `scripts/tsan.sh` checks the schedule's and the host's threads
/// for real.
///
/// It is `@unchecked Sendable` because the value is reached only inside ``withLock(_:)``, under
/// the mutex, and what leaves it is `Sendable`; the schedule tests, `HostConcurrencyTests` and
/// `LockedTests` run under ThreadSanitizer. The mutex is allocated in `init` and freed in `deinit` only, so every
/// pointer access below holds: that is why the class is `@safe`.
///
/// It is public behind the `Locking` SPI, not `package`: only a public `@inlinable`
/// ``withLock(_:)`` is specialised and inlined in the host's modules (a `package` one is called
/// unspecialised, through its generic metadata: 2% more instructions in the `host` gate).
@_spi(Locking) @safe
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
    /// the same lock), and throws what `body` throws.
    @inlinable
    public func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // SAFETY: the mutex lives as long as `self`.
        unsafe pthread_mutex_lock(mutex)
        defer { unsafe pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
