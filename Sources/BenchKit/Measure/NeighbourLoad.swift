import Foundation

/// How busy the rest of the machine is while something is measured: the cores kept busy by
/// everything but this process and its finished children, on average over an interval.
///
/// It is the machine's busy time from `/proc/stat` (user, nice, system, irq, softirq and
/// steal, so a neighbouring virtual machine that takes this one's cores counts too) minus the
/// CPU time of this process and of the children it has waited for (`getrusage`), divided by
/// the elapsed time. Unlike the load average, which trails by a minute, it covers exactly the
/// interval measured.
enum NeighbourLoad {
    /// One reading of the clocks the load is computed from.
    struct Reading: Sendable {
        /// Busy seconds of all CPUs since boot.
        var machineBusy: Double
        /// CPU seconds of this process and its waited-for children.
        var own: Double
        /// Monotonic time, in seconds.
        var wall: Double
    }

    /// The clocks now; nil where `/proc/stat` cannot be read.
    static func read() -> Reading? {
        guard let machineBusy = machineBusySeconds() else { return nil }
        return Reading(machineBusy: machineBusy, own: ownSeconds(), wall: Double(Clocks.wall()) / 1e9)
    }

    /// Cores kept busy by others between `start` and `end`, never below 0; nil when either
    /// reading is missing or no time passed.
    static func cores(from start: Reading?, to end: Reading?) -> Double? {
        guard let start, let end, end.wall > start.wall else { return nil }
        let others = (end.machineBusy - start.machineBusy) - (end.own - start.own)
        return max(0, others / (end.wall - start.wall))
    }

    /// Busy seconds of all CPUs, from the first line of `/proc/stat`.
    static func machineBusySeconds() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return busySeconds(statLine: text.prefix { $0 != "\n" }, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// Busy seconds in a `/proc/stat` `cpu` line (user, nice, system, idle, iowait, irq,
    /// softirq, steal, ...; guest time is already part of user time): all but idle and iowait.
    static func busySeconds(statLine: Substring, ticksPerSecond: Double) -> Double? {
        let fields = statLine.split(separator: " ")
        guard fields.first == "cpu", fields.count >= 9, ticksPerSecond > 0 else { return nil }
        let ticks = fields[1...8].compactMap { Double($0) }
        guard ticks.count == 8 else { return nil }
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        return busy / ticksPerSecond
    }

    /// CPU seconds of this process and of its waited-for children.
    private static func ownSeconds() -> Double {
        #if canImport(Glibc)
        seconds(Int32(truncatingIfNeeded: RUSAGE_SELF.rawValue)) + seconds(Int32(truncatingIfNeeded: RUSAGE_CHILDREN.rawValue))
        #else
        seconds(RUSAGE_SELF) + seconds(RUSAGE_CHILDREN)
        #endif
    }

    private static func seconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
