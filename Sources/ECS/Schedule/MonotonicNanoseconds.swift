#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock the schedule measures systems with.
enum MonotonicNanoseconds {
    /// Nanoseconds of `CLOCK_MONOTONIC` now.
    static func now() -> UInt64 {
        var spec = timespec()
        // SAFETY: `spec` is a local the call writes.
        unsafe clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
