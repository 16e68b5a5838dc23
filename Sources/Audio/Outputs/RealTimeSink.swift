import Platform
import Foundation

/// An output that plays one buffer of `framesPerBuffer` frames per period
/// (`framesPerBuffer / sampleRate` seconds) on a clock, and counts underruns.
///
/// Each period it pulls a buffer from its ``AudioRenderSource`` when it has one, otherwise from
/// the queue that ``render(_:frameCount:)`` fills (at most `queueBuffers` buffers; beyond that
/// `render` accepts fewer frames). A period is an underrun when the buffer is short (the rest
/// is silence) or when producing it ran past the next period's deadline; each deadline missed
/// that way is one more underrun, and the schedule resumes at the next deadline after the
/// clock. Periods that are due because ``pullDuePeriods()`` itself was called late are played
/// back to back and not counted: an underrun is the producer's lateness. Played buffers, scaled by the volume, go to `onPeriod`.
///
/// On a `ManualClock` the caller advances the clock and calls ``pullDuePeriods()``.
/// With `pullsOnOwnThread`, ``start()`` starts a thread that sleeps until each deadline of the
/// (real) clock and pulls; ``stop()`` ends it within one period.
public final class RealTimeSink: AudioOutputPort {
    /// The sink's mutable state.
    private struct State {
        var format: AudioOutputFormat?
        var running = false
        var queue: [Float] = []
        var queueCapacity = 0
        var volume: Float = 1
        var nextDeadline: UInt64 = 0
        var periods = 0
        var underruns = 0
        var generation = 0
    }

    private let clock: any TimeSource
    private let source: (any AudioRenderSource)?
    private let queueBuffers: Int
    private let pullsOnOwnThread: Bool
    private let onPeriod: (@Sendable ([Float]) -> Void)?
    private let state = Locked(State())
    private let periodBuffer = Locked<[Float]>([])

    /// Creates a sink on `clock` that pulls from `source` (or from its queue of `queueBuffers`
    /// buffers, at least 1) and hands each played buffer to `onPeriod`.
    public init(
        clock: any TimeSource,
        source: (any AudioRenderSource)? = nil,
        queueBuffers: Int = 4,
        pullsOnOwnThread: Bool = false,
        onPeriod: (@Sendable ([Float]) -> Void)? = nil
    ) {
        self.clock = clock
        self.source = source
        self.queueBuffers = max(1, queueBuffers)
        self.pullsOnOwnThread = pullsOnOwnThread
        self.onPeriod = onPeriod
    }

    /// Periods played since the sink was configured.
    public var periodsPlayed: Int { state.withLock { $0.periods } }
    /// Underruns since the sink was configured.
    public var underruns: Int { state.withLock { $0.underruns } }
    /// Frames queued and not yet played.
    public var queuedFrames: Int { state.withLock { state in state.format.map { state.queue.count / $0.channels } ?? 0 } }

    /// Checks the format, empties the queue and resets the counters.
    public func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        let format = try AudioOutputFormat(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
        let samples = framesPerBuffer.multipliedReportingOverflow(by: channels)
        let capacity = samples.partialValue.multipliedReportingOverflow(by: queueBuffers)
        guard !samples.overflow, !capacity.overflow, capacity.partialValue <= 1 << 28 else {
            throw .invalidArgument("a queue of \(queueBuffers) buffers of \(framesPerBuffer) frames × \(channels) channels is too large")
        }
        state.withLock { state in
            state.format = format
            state.queue = []
            state.queue.reserveCapacity(capacity.partialValue)
            state.queueCapacity = capacity.partialValue
            state.periods = 0
            state.underruns = 0
        }
        periodBuffer.withLock { $0 = [Float](repeating: 0, count: samples.partialValue) }
    }

    /// Starts playing: the first period ends one period from now.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` before configure.
    public func start() throws(AudioError) {
        let generation = try state.withLock { state throws(AudioError) -> Int? in
            guard let format = state.format else { throw .invalidState("the real-time sink is not configured") }
            guard !state.running else { return nil }
            state.running = true
            state.generation += 1
            state.nextDeadline = clock.nanoseconds &+ Self.periodNanoseconds(format)
            return state.generation
        }
        if let generation, pullsOnOwnThread {
            let thread = Thread { [self] in pullUntilStopped(generation: generation) }
            thread.name = "audio-sink"
            thread.start()
        }
    }

    /// Stops playing; queued audio stays queued.
    public func stop() {
        state.withLock { $0.running = false }
    }

    /// Drops the queued audio.
    public func flush() {
        state.withLock { $0.queue.removeAll(keepingCapacity: true) }
    }

    /// Sets the gain, clamped to [0, 1] with NaN as 0.
    public func setVolume(_ volume: Float) {
        state.withLock { $0.volume = volume.isNaN ? 0 : min(max(volume, 0), 1) }
    }

    /// Queues as many of the `frameCount` frames as fit and returns how many it took.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` before configure, ``AudioError/invalidArgument(_:)``
    ///   for too few samples.
    public func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        try state.withLock { state throws(AudioError) -> Int in
            guard let format = state.format else { throw .invalidState("the real-time sink is not configured") }
            _ = try format.sampleCount(of: samples, frameCount: frameCount)
            let accepted = min(frameCount, (state.queueCapacity - state.queue.count) / format.channels)
            state.queue.append(contentsOf: samples[..<(accepted * format.channels)])
            return accepted
        }
    }

    /// Plays every period whose deadline has passed on the clock and returns how many it played.
    @discardableResult
    public func pullDuePeriods() -> Int {
        var played = 0
        while let format = duePeriod() {
            pullPeriod(format)
            played += 1
        }
        return played
    }

    /// The format when running and the next deadline has passed.
    private func duePeriod() -> AudioOutputFormat? {
        let now = clock.nanoseconds
        return state.withLock { state in
            guard state.running, now >= state.nextDeadline else { return nil }
            return state.format
        }
    }

    /// Produces and plays one period, and counts its underruns.
    private func pullPeriod(_ format: AudioOutputFormat) {
        periodBuffer.withLock { buffer in
            let wanted = format.framesPerBuffer
            let started = clock.nanoseconds
            let filled = source.map { min(max($0.render(into: &buffer, frameCount: wanted), 0), wanted) } ?? dequeue(into: &buffer, format: format)
            let finished = clock.nanoseconds
            let channels = format.channels
            for index in (filled * channels)..<(wanted * channels) { buffer[index] = 0 }
            let volume = state.withLock { state in
                let period = Self.periodNanoseconds(format)
                state.periods += 1
                if filled < wanted { state.underruns += 1 }
                state.nextDeadline &+= period
                if started <= state.nextDeadline, finished > state.nextDeadline {
                    let missed = (finished - state.nextDeadline) / period + 1
                    state.underruns += Int(missed)
                    state.nextDeadline &+= missed * period
                }
                return state.volume
            }
            if let onPeriod {
                onPeriod(buffer.map { $0 * volume })
            }
        }
    }

    /// Moves up to one period of queued frames into `buffer` and returns the frame count.
    private func dequeue(into buffer: inout [Float], format: AudioOutputFormat) -> Int {
        state.withLock { state in
            let frames = min(format.framesPerBuffer, state.queue.count / format.channels)
            let count = frames * format.channels
            for index in 0..<count { buffer[index] = state.queue[index] }
            state.queue.removeFirst(count)
            return frames
        }
    }

    /// The pulling thread's loop: sleep until the next deadline, pull, until stopped or restarted.
    private func pullUntilStopped(generation: Int) {
        while true {
            let deadline = state.withLock { state -> UInt64? in
                state.running && state.generation == generation ? state.nextDeadline : nil
            }
            guard let deadline else { return }
            let now = clock.nanoseconds
            if deadline > now { Thread.sleep(forTimeInterval: Double(deadline - now) / 1e9) }
            pullDuePeriods()
        }
    }

    /// The length of one period in nanoseconds.
    private static func periodNanoseconds(_ format: AudioOutputFormat) -> UInt64 {
        UInt64(max(1, (Double(format.framesPerBuffer) / format.sampleRate * 1e9).rounded()))
    }
}
