import BenchKit
import Audio

/// Mixing one audio buffer: N looping voices (seeded gains, pans and start frames inside the
/// first buffer) into an interleaved stereo Float32 buffer, with meters, on `threads` threads.
/// The voices play synthesised tones or the given files from memory, or with `stream` each
/// streams its file, decoded ahead by the mixer's worker thread (not counted: the mix thread's
/// CPU time is judged, and the worker runs beside it). Streaming frames are paced: before each
/// one the sampler waits, untimed, until every ring holds the buffer, as the period would let
/// the worker fill it in real time; the waits are reported (`stream_wait_p50_ms`), and a mix
/// plus wait within the period means the worker kept up with real time.
/// Judged against the real-time buffer period: the p99 of per-buffer CPU time must be at most
/// half of `bufferFrames / sampleRate`, leaving the other half to the rest of an audio
/// callback; on several threads, the median of 10-frame minima of wall time (see
/// ``BatchMinima``), with the p99 reported beside it. Steady-state frames allocate nothing.
///
/// `audio` and `audio.resampled` mix as an app does: ``AudioPlugin``'s mix system on the app's
/// schedule, one `App.update` of one buffer period per frame. `audio.direct` calls the mixer
/// itself, so the gate shows what the schedule costs.
final class AudioWorkload: SelfJudgingWorkload, AllocationFreeWorkload, PacedWorkload {
    /// Share of the buffer period the p99 may take.
    static let periodShare = 0.5

    /// The scenario's name: `audio`, or `audio.resampled` for its resampled sources.
    let name: String
    let settings: AudioSettings
    let threads: Int
    let mixer: AudioMixer
    /// The app of the scheduled path.
    private let app: App?
    private var buffer: [Float]
    private var level: Float = 0
    /// Wall time of each wait for the streams, in nanoseconds (streaming only).
    private var streamWaitNs: [UInt64] = []

    init(
        name: String = "audio", settings: AudioSettings, seed: UInt64, threads: Int, scheduled: Bool = true,
        kernels: KernelInstructionSet = .best
    ) throws {
        self.name = name
        self.settings = settings
        self.threads = threads
        let format = try MixFormat(channels: AudioSettings.channels, sampleRate: settings.sampleRate, maxFrames: settings.bufferFrames)
        if scheduled {
            let app = try App(threads: threads)
            try app.add(AudioPlugin(format: format, threads: threads, kernels: kernels))
            mixer = try app.world.resources.get(AudioMixer.self)
            self.app = app
        } else {
            mixer = try AudioMixer(format: format, threads: threads, world: World(), kernels: kernels)
            app = nil
        }
        try AudioSourceSet.spawnVoices(settings, seed: seed, into: mixer)
        buffer = [Float](repeating: 0, count: settings.bufferFrames * AudioSettings.channels)
        streamWaitNs.reserveCapacity(settings.stream ? 1_100_000 : 0)
    }

    func awaitNextFrame() {
        guard settings.stream else { return }
        let start = Clocks.wall()
        // Cannot throw: the buffer frames are the mixer's own `maxFrames`. A timeout leaves
        // the rings short, and the frame mixes the silence it finds.
        _ = try? mixer.waitForStreams(frames: settings.bufferFrames)
        if streamWaitNs.count < streamWaitNs.capacity { streamWaitNs.append(Clocks.wall() &- start) }
    }

    var params: [String: Int] {
        ["voices": settings.voices, "buffer_frames": settings.bufferFrames, "sample_rate": settings.sampleRate,
         "source_rate": settings.sourceRate ?? settings.sampleRate, "files": settings.files.count, "stream": settings.stream ? 1 : 0, "threads": threads]
    }
    var entitiesPerFrame: Int { settings.voices }
    /// Each voice reads its frames and adds them into a bus; the buses are summed once.
    var bytesPerFrame: Int { settings.voices * settings.bufferFrames * AudioSettings.channels * 4 }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        if let app {
            // Cannot throw: the mix system fills the mixer's own buffer, and a frame of one
            // period owes exactly one.
            try! app.update(deltaTime: settings.periodMs / 1000)
        } else {
            // Cannot throw: the buffer holds exactly `bufferFrames` stereo frames, the mixer's
            // format, and no schedule runs on the mixer's world.
            try! mixer.mix(into: &buffer)
        }
        level = max(level, mixer.meters.peak[0])
    }

    func judge(_ samples: FrameSamples, settings runSettings: RunSettings) -> Judgement {
        let limit = settings.periodMs * Self.periodShare
        let figure: JudgedFigure
        let p99: Double
        if isParallel {
            // As for every parallel scenario: a busy neighbour stretches the wall time of a
            // frame whose threads wait for a core, so the figure is the median of 10-frame
            // minima, which load cannot raise into a false failure.
            let wallMs = samples.wallNs.map { Double($0) / 1e6 }
            p99 = wallMs.isEmpty ? .infinity : FrameTimeSummary(nanoseconds: samples.wallNs).p99
            figure = JudgedFigure(
                statistic: "median of batch minima", clock: .wall, value: BatchMinima.medianOfMinima(wallMs) ?? .infinity,
                limit: limit, unit: .frameMilliseconds, rule: .atMost)
        } else {
            p99 = samples.cpuNs.isEmpty ? .infinity : FrameTimeSummary(nanoseconds: samples.cpuNs).p99
            figure = JudgedFigure(statistic: "p99", clock: .cpu, value: p99, limit: limit, unit: .frameMilliseconds, rule: .atMost)
        }
        return Judgement(
            judged: [figure],
            reason: "\(figure.name) \(String(format: "%.3f", figure.value)) ms (p99 \(String(format: "%.3f", p99))) per \(settings.bufferFrames)-frame buffer \(figure.passes ? "<=" : ">") "
                + "\(String(format: "%.3f", limit)) ms (half the \(String(format: "%.2f", settings.periodMs)) ms period at "
                + "\(settings.sampleRate) Hz) mixing \(settings.voices) \(settings.stream ? "streaming " : "")voices"
                + (streamWaitNs.isEmpty ? "" : String(format: ", waiting %.3f ms (p50) for the streams", FrameTimeSummary(nanoseconds: streamWaitNs).p50)),
            metrics: streamWaitNs.isEmpty
                ? ["period_ms": settings.periodMs, "peak": Double(level)]
                : ["period_ms": settings.periodMs, "peak": Double(level),
                   "stream_wait_p50_ms": FrameTimeSummary(nanoseconds: streamWaitNs).p50,
                   "stream_wait_p99_ms": FrameTimeSummary(nanoseconds: streamWaitNs).p99])
    }
}
