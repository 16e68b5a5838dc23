#if canImport(CALSA)
/// The state an ``ALSAOutput`` shares with its writer thread, behind its ``ConditionLock``.
struct ALSAOutputState {
    /// Where playback stands.
    enum Phase: Equatable {
        /// No writer thread.
        case stopped
        /// The writer plays what comes.
        case playing
        /// `stop` asked the writer to play what was accepted, drain the PCM and end.
        case draining
        /// The output is going away: the writer drops what the PCM holds and ends.
        case closing
    }

    /// The checked format of the buffers `render` takes.
    var format: AudioOutputFormat?
    /// What the device agreed to.
    var setup: ALSASetup?
    /// Where playback stands.
    var phase = Phase.stopped
    /// Whether the writer thread is running (set by `start`, cleared by the writer as it ends).
    var writerRunning = false
    /// What `render` accepted and the writer has not taken yet.
    var queue = SampleQueue(capacity: 0)
    /// The gain applied as each period is written, in [0, 1].
    var volume: Float = 1
    /// Flushes asked of the running writer, and those it has done.
    var flushesAsked: UInt64 = 0
    /// Flushes the writer has done (dropped the PCM and prepared it again).
    var flushesDone: UInt64 = 0
    /// Counters since `configure`.
    var statistics = ALSAOutputStatistics()
    /// The error that stopped the writer, if any.
    var failure: AudioError?
    /// The scheduling the writer thread got.
    var priority: ALSAThreadPriority?
    /// Whether the writer is paced by the clock.
    var pacedByClock = false

    /// Whether a flush is waiting for the writer.
    var flushPending: Bool { flushesAsked != flushesDone }
}
#endif
