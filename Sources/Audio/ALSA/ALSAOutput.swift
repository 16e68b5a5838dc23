#if canImport(CALSA)
import Foundation
import Platform

/// The sound-device output on Linux: plays through an ALSA PCM (`"default"` unless told, which
/// on a desktop is PipeWire or PulseAudio through their ALSA plugins) on its own writer thread,
/// one period at a time.
///
/// ``configure(sampleRate:channels:framesPerBuffer:)`` opens the device and negotiates with it:
/// interleaved access, the first of ``sampleFormats`` it takes (``ALSASampleFormat/float32``,
/// the mix's own bits, when it can; else 32- or 16-bit integers, converted), the channels and
/// rate exactly, and a period and buffer near those asked for (`periodFrames`, by default the
/// configured `framesPerBuffer`, and `bufferPeriods` of them); ``setup`` reports what the device
/// agreed to. A missing device is a ``AudioError/notFound(_:)`` there, with ALSA's own words in
/// the message (ALSA's stderr messages are silenced; see ``CoreFactory/deviceOutput(device:notice:)``
/// for the fallback to ``NullSink``).
///
/// ``start()`` starts the writer thread, which asks for `SCHED_FIFO` at `realTimePriority` and
/// runs at normal priority when refused (``threadPriority`` says which). It plays the buffers
/// that ``render(_:frameCount:)`` queues (at most `queueBuffers` buffers; beyond that `render`
/// accepts fewer frames), or, given a `source`, pulls each period from it (``AudioMixer``
/// through ``MixerRenderSource``). The volume scales the samples as they are written.
///
/// **Pacing.** A device paces the writer by blocking until a period of its buffer is free. A
/// PCM that never blocks (ALSA's `null`, or `file` over it) is paced by `clock` instead, one
/// period per period duration: from the start with ``ALSAPacing/clock``, or, with
/// ``ALSAPacing/automatic``, once a whole buffer is written and the PCM still has its whole
/// buffer free (``isPacedByClock``).
///
/// **Underruns** (``statistics``): each `-EPIPE` from the device (it ran dry), each period the
/// source filled short (the rest is silence), and, on the clock, each period deadline the
/// producer ran past: a period is due every period duration, and producing it (rendering it, or
/// waiting until the queue holds it) may take until the next deadline; every deadline it finishes
/// past is one underrun, as ``RealTimeSink`` counts (a queue that has not played since the start
/// or a flush is not late yet). Underruns and suspends (`-ESTRPIPE`) are
/// recovered with `snd_pcm_recover` and playback goes on; any other error of the device stops
/// the writer and is kept in ``failure``, and ``render(_:frameCount:)`` throws it.
///
/// ``flush()`` drops everything accepted and not yet played (the queue, and the device's buffer
/// through `snd_pcm_drop` and `snd_pcm_prepare`), waiting for the writer to finish the period it
/// is writing. ``stop()`` plays everything accepted (`snd_pcm_drain`) and ends the writer;
/// ``start()`` starts it again.
@safe
public final class ALSAOutput: AudioOutputPort {
    /// The real-time priority asked for by default: `SCHED_FIFO` 20, below the kernel's own
    /// threads and ALSA-aware servers such as JACK.
    public static let defaultRealTimePriority: Int32 = 20

    /// The PCM's name: `"default"`, `"hw:0,0"`, `"plughw:1"`, `"file:FILE=/tmp/x.raw,FORMAT=raw"`, …
    public let device: String
    /// The period asked for in frames; nil for the configured `framesPerBuffer`.
    public let periodFrames: Int?
    /// The buffer asked for, in periods.
    public let bufferPeriods: Int
    /// The encodings acceptable, best first.
    public let sampleFormats: [ALSASampleFormat]
    /// What paces the writer.
    public let pacing: ALSAPacing
    /// Buffers of `framesPerBuffer` frames the queue holds.
    public let queueBuffers: Int
    /// The `SCHED_FIFO` priority the writer asks for; nil for none.
    public let realTimePriority: Int32?

    private let clock: any TimeSource
    private let source: (any AudioRenderSource)?
    private let openPCM: PCMOpener
    private let setScheduling: @Sendable (Int32, Int32) -> Int32
    private let shared = ConditionLock(ALSAOutputState())
    /// The open PCM, behind the lock that configure, start, stop, flush and deinit hold, so
    /// that they do not interleave; the writer uses the PCM while it runs.
    private let pcm = Locked<(any PCMDevice)?>(nil)

    /// An output to `device`; nothing is opened until
    /// ``configure(sampleRate:channels:framesPerBuffer:)``, which also checks the options.
    ///
    /// - Parameters:
    ///   - device: the ALSA PCM's name.
    ///   - periodFrames: the period to ask for; nil for the configured `framesPerBuffer`.
    ///   - bufferPeriods: the buffer to ask for, in periods (2...64).
    ///   - sampleFormats: the encodings acceptable, best first.
    ///   - pacing: what paces the writer.
    ///   - clock: the clock that paces a PCM that does not block, and times the producer.
    ///   - source: where each period comes from; nil to play what ``render(_:frameCount:)`` queues.
    ///   - queueBuffers: buffers of `framesPerBuffer` frames the queue holds (1...64).
    ///   - realTimePriority: the `SCHED_FIFO` priority to ask for; nil to stay at normal priority.
    public convenience init(
        device: String = "default",
        periodFrames: Int? = nil,
        bufferPeriods: Int = 4,
        sampleFormats: [ALSASampleFormat] = ALSASampleFormat.allCases,
        pacing: ALSAPacing = .automatic,
        clock: any TimeSource = MonotonicClock(),
        source: (any AudioRenderSource)? = nil,
        queueBuffers: Int = 4,
        realTimePriority: Int32? = ALSAOutput.defaultRealTimePriority
    ) {
        self.init(
            device: device, periodFrames: periodFrames, bufferPeriods: bufferPeriods, sampleFormats: sampleFormats,
            pacing: pacing, clock: clock, source: source, queueBuffers: queueBuffers, realTimePriority: realTimePriority,
            openPCM: { device throws(AudioError) in try ALSAPCM.open(device) }, setScheduling: ALSAThreadPriority.setCurrentThread)
    }

    /// An output whose PCM comes from `openPCM` and whose writer's scheduling request goes to
    /// `setScheduling`: devices and schedulers stood in by tests.
    init(
        device: String, periodFrames: Int?, bufferPeriods: Int, sampleFormats: [ALSASampleFormat], pacing: ALSAPacing,
        clock: any TimeSource, source: (any AudioRenderSource)?, queueBuffers: Int, realTimePriority: Int32?,
        openPCM: @escaping PCMOpener, setScheduling: @escaping @Sendable (Int32, Int32) -> Int32
    ) {
        self.device = device
        self.periodFrames = periodFrames
        self.bufferPeriods = bufferPeriods
        self.sampleFormats = sampleFormats
        self.pacing = pacing
        self.clock = clock
        self.source = source
        self.queueBuffers = queueBuffers
        self.realTimePriority = realTimePriority
        self.openPCM = openPCM
        self.setScheduling = setScheduling
    }

    deinit {
        pcm.withLock { pcm in
            shared.withLock { state in
                if state.writerRunning { state.phase = .closing }
            }
            shared.wait(until: { !$0.writerRunning }) { _ in }
            pcm?.close()
            pcm = nil
        }
    }

    /// What the device agreed to at the last configure; nil before one succeeded.
    public var setup: ALSASetup? { shared.withLock { $0.setup } }
    /// What has been written since the last configure.
    public var statistics: ALSAOutputStatistics { shared.withLock { $0.statistics } }
    /// Whether the clock paces the writer (from the start, or since the PCM showed it does not block).
    public var isPacedByClock: Bool { shared.withLock { $0.pacedByClock } }
    /// The scheduling the writer thread got; nil before the first start.
    public var threadPriority: ALSAThreadPriority? { shared.withLock { $0.priority } }
    /// The error that stopped the writer, until the next start or configure; nil otherwise.
    public var failure: AudioError? { shared.withLock { $0.failure } }
    /// Frames queued and not yet taken by the writer.
    public var queuedFrames: Int { shared.withLock { state in state.format.map { state.queue.count / $0.channels } ?? 0 } }
    /// The gain applied to the samples as they are written, in [0, 1].
    public var volume: Float { shared.withLock { $0.volume } }

    /// Checks the format and the options, closes the PCM of an earlier configure, opens
    /// ``device`` and negotiates with it, empties the queue and resets ``statistics``. The same
    /// format as the last configure, on a device that has not failed, keeps the PCM open and
    /// its negotiated ``setup`` (a player configures once per track).
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a bad format or option,
    ///   ``AudioError/invalidState(_:)`` while playing, ``AudioError/notFound(_:)`` when there
    ///   is no such device, ``AudioError/unsupported(_:)`` for a format the device cannot play
    ///   (a rate that is not a whole number of hertz, or one it does not take),
    ///   ``AudioError/ioError(_:underlying:)`` when the device cannot be opened or set up.
    public func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        let format = try AudioOutputFormat(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
        let request = try self.request(for: format)
        let queueSamples = try queueCapacity(format)
        try pcm.withLock { (current: inout (any PCMDevice)?) throws(AudioError) in
            let kept = try shared.withLock { (state: inout ALSAOutputState) throws(AudioError) -> Bool in
                guard !state.writerRunning else { throw .invalidState("the ALSA output is playing; stop it before configuring") }
                // The same format again (the next track): the open device is kept, so the
                // music does not reopen it between tracks and a capture file goes on.
                let same = current != nil && state.format == format && state.failure == nil
                var fresh = ALSAOutputState()
                fresh.volume = state.volume
                if same, let setup = state.setup {
                    fresh.format = format
                    fresh.setup = setup
                    fresh.queue = SampleQueue(capacity: max(queueSamples, 2 * setup.periodFrames * channels))
                    fresh.pacedByClock = pacing == .clock
                }
                state = fresh
                return same && fresh.setup != nil
            }
            if kept { return }
            current?.close()
            current = nil
            let opened = try openPCM(device)
            let setup: ALSASetup
            do throws(AudioError) {
                setup = try opened.negotiate(request)
            } catch {
                opened.close()
                throw error
            }
            current = opened
            shared.withLock { state in
                state.format = format
                state.setup = setup
                state.queue = SampleQueue(capacity: max(queueSamples, 2 * setup.periodFrames * channels))
                state.pacedByClock = pacing == .clock
            }
        }
    }

    /// What to ask the device for `format`, after checking the options.
    private func request(for format: AudioOutputFormat) throws(AudioError) -> PCMRequest {
        guard !device.isEmpty else { throw .invalidArgument("the ALSA device name is empty") }
        guard !sampleFormats.isEmpty else { throw .invalidArgument("no sample format is acceptable to the ALSA output") }
        guard (2...64).contains(bufferPeriods) else { throw .invalidArgument("an ALSA buffer of \(bufferPeriods) periods is outside 2...64") }
        let period = periodFrames ?? format.framesPerBuffer
        guard (1...MixFormat.frameLimit).contains(period) else {
            throw .invalidArgument("an ALSA period of \(period) frames is outside 1...\(MixFormat.frameLimit)")
        }
        guard format.sampleRate == format.sampleRate.rounded(), format.sampleRate <= Double(AudioAsset.sampleRates.upperBound) else {
            throw .unsupported("ALSA plays whole-hertz rates up to \(AudioAsset.sampleRates.upperBound) Hz, not \(format.sampleRate) Hz")
        }
        guard format.channels <= AudioAsset.maxChannels else {
            throw .unsupported("the ALSA output plays at most \(AudioAsset.maxChannels) channels, not \(format.channels)")
        }
        return PCMRequest(
            formats: sampleFormats, channels: format.channels, sampleRate: Int(format.sampleRate),
            periodFrames: period, bufferFrames: period * bufferPeriods)
    }

    /// The queue's room in samples for `format`.
    private func queueCapacity(_ format: AudioOutputFormat) throws(AudioError) -> Int {
        guard (1...64).contains(queueBuffers) else { throw .invalidArgument("an ALSA queue of \(queueBuffers) buffers is outside 1...64") }
        let samples = format.framesPerBuffer.multipliedReportingOverflow(by: format.channels)
        let capacity = samples.partialValue.multipliedReportingOverflow(by: queueBuffers)
        guard !samples.overflow, !capacity.overflow, capacity.partialValue <= 1 << 28 else {
            throw .invalidArgument("a queue of \(queueBuffers) buffers of \(format.framesPerBuffer) frames × \(format.channels) channels is too large")
        }
        return capacity.partialValue
    }

    /// Starts the writer thread; a no-op while it runs.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` before configure, ``AudioError/ioError(_:underlying:)``
    ///   when the device cannot be prepared.
    public func start() throws(AudioError) {
        try pcm.withLock { (current: inout (any PCMDevice)?) throws(AudioError) in
            let ready = try shared.withLock { (state: inout ALSAOutputState) throws(AudioError) -> ALSASetup? in
                guard current != nil, let setup = state.setup else { throw .invalidState("the ALSA output is not configured") }
                return state.writerRunning ? nil : setup
            }
            guard let setup = ready, let opened = current else { return }
            let status = opened.prepare()
            guard status >= 0 else { throw ALSALibrary.callError("preparing ALSA device '\(device)' failed", status: status) }
            shared.withLock { state in
                state.phase = .playing
                state.writerRunning = true
                state.failure = nil
            }
            let writer = ALSAWriter(
                shared: shared, pcm: opened, setup: setup, device: device, source: source, clock: clock, pacing: pacing,
                realTimePriority: realTimePriority, setScheduling: setScheduling)
            let thread = Thread {
                var running = writer
                running.run()
            }
            thread.name = "alsa-output"
            thread.start()
        }
    }

    /// Plays everything accepted, drains the device and ends the writer; returns once it has.
    /// A no-op when not playing.
    public func stop() {
        pcm.withLock { _ in
            shared.withLock { state in
                if state.phase == .playing { state.phase = .draining }
            }
            shared.wait(until: { !$0.writerRunning }) { $0.queue.removeAll() }
        }
    }

    /// Drops everything accepted and not yet played: empties the queue and drops what the
    /// device holds (`snd_pcm_drop`, then `snd_pcm_prepare`). While playing it waits for the
    /// writer, which finishes the period it is writing first.
    public func flush() {
        pcm.withLock { current in
            let running = shared.withLock { state in
                state.queue.removeAll()
                if state.writerRunning { state.flushesAsked += 1 }
                return state.writerRunning
            }
            guard running else {
                _ = current?.drop()
                _ = current?.prepare()
                return
            }
            shared.wait(until: { !$0.flushPending || !$0.writerRunning }) { _ in }
        }
    }

    /// Sets the gain of the samples written from now on, clamped to [0, 1]; NaN is 0.
    public func setVolume(_ volume: Float) {
        shared.withLock { $0.volume = volume.isNaN ? 0 : min(max(volume, 0), 1) }
    }

    /// Queues as many of the first `frameCount` frames of `samples` as fit and returns how many
    /// it took.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` before configure, when not playing (before
    ///   start, after stop) or for an output that pulls from its source;
    ///   ``AudioError/invalidArgument(_:)`` for a negative count or too few samples; the
    ///   ``failure`` that stopped the writer.
    public func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        let pulls = source != nil
        return try shared.withLock { (state: inout ALSAOutputState) throws(AudioError) -> Int in
            guard let format = state.format else { throw .invalidState("the ALSA output is not configured") }
            if let failure = state.failure { throw failure }
            guard !pulls else { throw .invalidState("the ALSA output pulls from its render source; render is for outputs that are pushed to") }
            guard state.phase == .playing else { throw .invalidState("the ALSA output is not started") }
            _ = try format.sampleCount(of: samples, frameCount: frameCount)
            let accepted = min(frameCount, state.queue.free / format.channels)
            state.queue.append(samples[0..<(accepted * format.channels)])
            return accepted
        }
    }
}
#endif
