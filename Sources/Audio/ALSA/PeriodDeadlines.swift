#if canImport(CALSA)
/// The clock that paces an ``ALSAOutput`` whose PCM does not block: one period is due every
/// period duration, and a producer that runs past a deadline is an underrun.
///
/// The rule is ``RealTimeSink``'s. A period is due at ``next``; producing it (rendering it from
/// the source, or waiting until the queue holds it) may take until the deadline after it. Each
/// deadline the producer finishes past is one underrun, and the schedule resumes at the next
/// deadline after that. A period whose production starts after the following deadline already
/// passed (the writer itself woke late) is played at once and not counted: an underrun is the
/// producer's lateness.
struct PeriodDeadlines: Equatable {
    /// Nanoseconds per period, at least 1.
    let period: UInt64
    /// When the next period is due, on the pacing clock.
    private(set) var next: UInt64

    /// A schedule whose first period is due at `start`.
    init(start: UInt64, period: UInt64) {
        self.period = max(1, period)
        next = start
    }

    /// Records a period produced from `started` to `finished` and returns the deadlines it missed.
    mutating func complete(started: UInt64, finished: UInt64) -> Int {
        next &+= period
        guard started <= next, finished > next else { return 0 }
        let missed = (finished - next) / period + 1
        next &+= missed * period
        return Int(missed)
    }

    /// Starts the schedule over with a period due at `now` (after a flush or a recovery).
    mutating func restart(at now: UInt64) {
        next = now
    }
}
#endif
