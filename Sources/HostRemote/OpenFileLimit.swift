#if RemoteHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process's open-file limit, and how many sockets it leaves a server.
///
/// A process that runs out of descriptors fails far from its sockets: on Linux, libdispatch's
/// worker monitor opens `/proc/<tid>/stat` every second and crashes the process when it cannot.
/// A server therefore admits sockets only while a reserve of descriptors stays free.
public enum OpenFileLimit {
    /// The soft limit on open descriptors (`Int.max` when unlimited), nil when it cannot be read.
    public static var current: Int? {
        var limit = rlimit()
        // The pointer lives for the call only. An unlimited soft limit (all bits set) clamps to Int.max.
        guard unsafe getrlimit(resource, &limit) == 0 else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to the hard limit, as servers do (the hard limit is the
    /// administrator's ceiling, the soft one a default); returns the soft limit after.
    @discardableResult
    public static func raiseToHardLimit() -> Int? {
        var limit = rlimit()
        if unsafe getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = unsafe setrlimit(resource, &limit)
        }
        return current
    }

    /// Descriptors kept free of sockets for `limit`: 16 plus one sixteenth of the limit.
    public static func reserve(for limit: Int) -> Int {
        16 + max(0, limit) / 16
    }

    /// How many sockets a server may hold under `limit` with `open` descriptors already open:
    /// what remains after ``reserve(for:)``, never below zero.
    public static func socketRoom(limit: Int, open: Int) -> Int {
        max(0, limit - min(open, limit) - reserve(for: limit))
    }

    /// The descriptors this process has open (`/proc/self/fd` on Linux), nil where unknown.
    static var openCount: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map { $0.count - 1 }
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
#endif
