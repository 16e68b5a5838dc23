#if canImport(CALSA)
import CALSA
import Glibc
import Platform

/// The loop of an ``ALSAOutput``'s writer thread: one period at a time, taken from the queue or
/// rendered from the source, scaled by the volume, encoded and written to the PCM, until the
/// output stops, flushes or goes away.
///
/// It is the only user of the PCM while it runs. Underruns and suspends are recovered with
/// `snd_pcm_recover` and counted; any other error of the PCM becomes the output's failure and
/// ends the loop.
struct ALSAWriter {
    /// The state shared with the output.
    let shared: ConditionLock<ALSAOutputState>
    /// The PCM, prepared.
    let pcm: any PCMDevice
    /// What the device agreed to.
    let setup: ALSASetup
    /// The device's name, for messages.
    let device: String
    /// Where periods come from when the output pulls; nil to take them from the queue.
    let source: (any AudioRenderSource)?
    /// The pacing clock, which also times the producer.
    let clock: any TimeSource
    /// What paces the writer.
    let pacing: ALSAPacing
    /// The real-time priority to ask for, if any.
    let realTimePriority: Int32?
    /// `pthread_setschedparam` of the calling thread (or a stand-in in tests).
    let setScheduling: @Sendable (Int32, Int32) -> Int32

    /// One period's samples, interleaved.
    private var samples: [Float] = []
    /// One period's bytes in the device's format.
    private var bytes: [UInt8] = []
    /// The clock's schedule, once the clock paces the writer.
    private var deadlines: PeriodDeadlines?
    /// Frames written since the start, until the PCM's pacing is known.
    private var framesBeforePacingCheck = 0
    /// Whether a queued period has been written since the start or the last flush: until then
    /// nothing plays, so a wait for the queue is no underrun.
    private var streaming = false

    /// What the writer does next.
    private enum Step {
        /// Write the period of `frames` frames now in ``samples``: from the queue, where the
        /// wait for it began at `due` and ended at `ready`; or rendered from the source.
        case period(frames: Int, volume: Float, due: UInt64, ready: UInt64, final: Bool)
        /// Render a period from the source and write it.
        case render(volume: Float)
        /// Drop what the PCM holds, prepare it, and acknowledge flush `request`.
        case flush(request: UInt64)
        /// End, draining the PCM first or dropping what it holds.
        case finish(drain: Bool)
    }

    /// A writer for the output's state, its prepared PCM and its options.
    init(
        shared: ConditionLock<ALSAOutputState>, pcm: any PCMDevice, setup: ALSASetup, device: String,
        source: (any AudioRenderSource)?, clock: any TimeSource, pacing: ALSAPacing, realTimePriority: Int32?,
        setScheduling: @escaping @Sendable (Int32, Int32) -> Int32
    ) {
        self.shared = shared
        self.pcm = pcm
        self.setup = setup
        self.device = device
        self.source = source
        self.clock = clock
        self.pacing = pacing
        self.realTimePriority = realTimePriority
        self.setScheduling = setScheduling
        samples = [Float](repeating: 0, count: setup.periodFrames * setup.channels)
        bytes = [UInt8](repeating: 0, count: setup.periodFrames * setup.bytesPerFrame)
    }

    /// Runs until the output stops or goes away, or the PCM fails.
    mutating func run() {
        let priority = ALSAThreadPriority.request(realTimePriority, setScheduling: setScheduling)
        let clockPaced = pacing == .clock
        shared.withLock { state in
            state.priority = priority
            state.pacedByClock = clockPaced
        }
        if clockPaced { deadlines = PeriodDeadlines(start: clock.nanoseconds, period: setup.periodNanoseconds) }
        framesBeforePacingCheck = pacing == .automatic ? setup.bufferFrames : 0
        var failure: AudioError?
        loop: while true {
            waitForDeadline()
            do throws(AudioError) {
                switch nextStep() {
                case .period(let frames, let volume, let due, let ready, let final):
                    try write(frames: frames, volume: volume, underruns: lateness(due: due, ready: ready, final: final))
                    streaming = true
                case .render(let volume):
                    try renderAndWrite(volume: volume)
                case .flush(let request):
                    try flush(request)
                case .finish(let drain):
                    if drain {
                        let status = pcm.drain()
                        // A PCM that ran dry, or that was never started, has nothing left to play.
                        if status < 0, status != -EBADFD, status != -EPIPE { throw ALSALibrary.callError("draining ALSA device '\(device)' failed", status: status) }
                    } else {
                        _ = pcm.drop()
                    }
                    break loop
                }
            } catch {
                _ = pcm.drop()
                failure = error
                break loop
            }
        }
        shared.withLock { state in
            if let failure { state.failure = failure }
            state.writerRunning = false
            state.phase = .stopped
        }
    }

    /// Sleeps until the next period is due on the clock, when the clock paces; a flush, the
    /// output going away, or a stop with nothing left to write wakes it early.
    private func waitForDeadline() {
        guard let deadline = deadlines?.next else { return }
        let pulls = source != nil
        let interrupts = { (state: inout ALSAOutputState) in
            state.flushPending || state.phase == .closing || (state.phase == .draining && (pulls || state.queue.count == 0))
        }
        while true {
            let now = clock.nanoseconds
            guard now < deadline else { return }
            if shared.wait(until: interrupts, timeoutNanoseconds: deadline - now, interrupts) { return }
        }
    }

    /// Takes the next step from the shared state: for an output that pushes, waits until the
    /// queue holds a period (or, when stopping, takes what is left).
    private mutating func nextStep() -> Step {
        let due = clock.nanoseconds
        let periodSamples = samples.count
        let channels = setup.channels
        let pulls = source != nil
        return shared.wait(
            until: { state in pulls || state.flushPending || state.phase != .playing || state.queue.count >= periodSamples }
        ) { state -> Step in
            if state.flushPending { return .flush(request: state.flushesAsked) }
            switch state.phase {
            case .closing, .stopped:
                return .finish(drain: false)
            case .draining where pulls || state.queue.count == 0:
                return .finish(drain: true)
            case .playing where pulls:
                return .render(volume: state.volume)
            case .playing, .draining:
                let taken = min(periodSamples, state.queue.count)
                state.queue.pop(taken, into: &samples)
                return .period(
                    frames: taken / channels, volume: state.volume, due: due, ready: clock.nanoseconds,
                    final: taken < periodSamples)
            }
        }
    }

    /// The underruns of a queued period that was due at `due` and queued by `ready`, on the
    /// clock: none for the first period since the start or a flush, or the last one before a
    /// stop, whose schedule starts over at `ready`.
    private mutating func lateness(due: UInt64, ready: UInt64, final: Bool) -> Int {
        guard var schedule = deadlines else { return 0 }
        defer { deadlines = schedule }
        guard streaming, !final else {
            schedule.restart(at: ready)
            return schedule.complete(started: ready, finished: ready)
        }
        return schedule.complete(started: due, finished: ready)
    }

    /// Renders one period from the source (a short render is an underrun, its rest silence)
    /// and writes it; on the clock, each deadline the render ran past is one more underrun.
    private mutating func renderAndWrite(volume: Float) throws(AudioError) {
        guard let source else { return }
        let wanted = setup.periodFrames
        let started = clock.nanoseconds
        let filled = min(max(source.render(into: &samples, frameCount: wanted), 0), wanted)
        let finished = clock.nanoseconds
        for index in (filled * setup.channels)..<samples.count { samples[index] = 0 }
        let late = deadlines?.complete(started: started, finished: finished) ?? 0
        try write(frames: wanted, volume: volume, underruns: late + (filled < wanted ? 1 : 0))
    }

    /// Encodes the first `frames` frames of ``samples`` times `volume` and writes them, recovering
    /// from underruns and suspends; then counts the period with `underruns` more.
    private mutating func write(frames: Int, volume: Float, underruns: Int) throws(AudioError) {
        setup.sampleFormat.encode(samples[0..<(frames * setup.channels)], volume: volume, into: &bytes)
        var written = 0
        var ranDry = 0
        var suspended = 0
        while written < frames {
            let offset = written * setup.bytesPerFrame
            // SAFETY: `bytes` holds `frames` encoded frames; the pointer covers the unwritten
            // ones and is used only during the call.
            let result = unsafe bytes.withUnsafeBytes { raw in unsafe pcm.write(raw.baseAddress.unsafelyUnwrapped + offset, frames: frames - written) }
            if result > 0 {
                written += result
                continue
            }
            let status = Int32(clamping: result)
            switch -status {
            case 0, EAGAIN:
                usleep(1_000)
                continue
            case EPIPE:
                ranDry += 1
            case ESTRPIPE:
                suspended += 1
            case EINTR:
                break
            default:
                throw ALSALibrary.callError("writing to ALSA device '\(device)' failed", status: status)
            }
            let recovered = pcm.recover(status)
            guard recovered >= 0 else {
                throw ALSALibrary.callError("ALSA device '\(device)' did not recover from \(ALSALibrary.describe(status))", status: recovered)
            }
        }
        let clockTakesOver = checkPacing(afterWriting: frames)
        shared.withLock { state in
            state.statistics.periodsWritten += 1
            state.statistics.framesWritten += frames
            state.statistics.underruns += underruns + ranDry
            state.statistics.suspends += suspended
            if clockTakesOver { state.pacedByClock = true }
        }
    }

    /// Under automatic pacing, once a whole buffer has been written: a PCM that still has its
    /// whole buffer free does not pace, so the clock takes over, a period from now. Returns
    /// whether it just did.
    private mutating func checkPacing(afterWriting frames: Int) -> Bool {
        guard framesBeforePacingCheck > 0 else { return false }
        framesBeforePacingCheck -= frames
        guard framesBeforePacingCheck <= 0 else { return false }
        framesBeforePacingCheck = 0
        guard pcm.available() >= setup.bufferFrames else { return false }
        let period = setup.periodNanoseconds
        deadlines = PeriodDeadlines(start: clock.nanoseconds &+ period, period: period)
        return true
    }

    /// Drops what the PCM holds, prepares it and acknowledges `request`; the clock's schedule
    /// starts over.
    private mutating func flush(_ request: UInt64) throws(AudioError) {
        _ = pcm.drop()
        let status = pcm.prepare()
        shared.withLock { $0.flushesDone = request }
        streaming = false
        guard status >= 0 else { throw ALSALibrary.callError("preparing ALSA device '\(device)' after a flush failed", status: status) }
        let now = clock.nanoseconds
        deadlines?.restart(at: now)
    }
}
#endif
