#if canImport(CALSA)
/// What an ``ALSAOutput`` has written since it was configured.
public struct ALSAOutputStatistics: Sendable, Equatable {
    /// Periods written to the PCM (the last one before a stop may be short).
    public internal(set) var periodsWritten = 0
    /// Frames written to the PCM.
    public internal(set) var framesWritten = 0
    /// Underruns: each `-EPIPE` the device answered (it ran dry and was recovered), each period
    /// the render source filled short, and, when paced by the clock, each period deadline the
    /// producer ran past (see ``ALSAOutput``).
    public internal(set) var underruns = 0
    /// Suspends: each `-ESTRPIPE` the device answered (the system suspended it), recovered.
    public internal(set) var suspends = 0
}
#endif
