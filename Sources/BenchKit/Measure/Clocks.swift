#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clocks a frame is measured with, each read in nanoseconds.
package enum Clocks {
    /// CPU time consumed by the calling thread (`CLOCK_THREAD_CPUTIME_ID`).
    @inline(__always)
    package static func threadCPU() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time consumed by all threads of the process (`CLOCK_PROCESS_CPUTIME_ID`).
    @inline(__always)
    package static func processCPU() -> UInt64 { read(CLOCK_PROCESS_CPUTIME_ID) }

    /// Monotonic wall-clock time (`CLOCK_MONOTONIC`).
    @inline(__always)
    package static func wall() -> UInt64 { read(CLOCK_MONOTONIC) }

    @inline(__always)
    private static func read(_ clock: clockid_t) -> UInt64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
