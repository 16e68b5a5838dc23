import Systems

/// Mixing one audio buffer: N looping voices (seeded gains, pans and start frames inside the
/// first buffer) into an interleaved stereo Float32 buffer, with meters, on `threads` threads.
/// Judged against the real-time buffer period: the p99 of per-buffer CPU time (wall time when
/// parallel) must be at most half of `bufferFrames / sampleRate`, leaving the other half to
/// the rest of an audio callback. Steady-state frames allocate nothing.
final class AudioWorkload: SelfJudgingWorkload, AllocationFreeWorkload {
    /// Share of the buffer period the p99 may take.
    static let periodShare = 0.5

    let settings: AudioSettings
    let threads: Int
    let mixer: AudioMixer
    private var buffer: [Float]
    private var level: Float = 0

    init(settings: AudioSettings, seed: UInt64, threads: Int) throws {
        self.settings = settings
        self.threads = threads
        mixer = try AudioMixer(
            format: MixFormat(channels: AudioSettings.channels, sampleRate: settings.sampleRate, maxFrames: settings.bufferFrames),
            threads: threads)
        let sources = try AudioSourceSet.load(settings, into: mixer)
        var random = SplitMix64(seed: seed)
        for index in 0..<settings.voices {
            let gain = 0.05 + Float(random.next() >> 40) / Float(1 << 24) * 0.2
            let pan = Float(random.next() >> 40) / Float(1 << 24) * 2 - 1
            try mixer.spawnVoice(
                asset: sources[index % sources.count], gain: gain, pan: pan, looping: true,
                startFrame: Int64(random.next() % UInt64(settings.bufferFrames)))
        }
        for source in sources { try mixer.releaseAsset(source) }
        buffer = [Float](repeating: 0, count: settings.bufferFrames * AudioSettings.channels)
    }

    var name: String { "audio" }
    var params: [String: Int] {
        ["voices": settings.voices, "buffer_frames": settings.bufferFrames, "sample_rate": settings.sampleRate,
         "source_rate": settings.sourceRate ?? settings.sampleRate, "files": settings.files.count, "threads": threads]
    }
    var entitiesPerFrame: Int { settings.voices }
    /// Each voice reads its frames and adds them into a bus; the buses are summed once.
    var bytesPerFrame: Int { settings.voices * settings.bufferFrames * AudioSettings.channels * 4 }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        // Cannot throw: the buffer holds exactly `bufferFrames` stereo frames, the mixer's
        // format, and the mixer's world is private (never scheduled).
        try! mixer.mix(into: &buffer)
        level = max(level, mixer.meters.peak[0])
    }

    func judge(_ samples: FrameSamples, settings runSettings: RunSettings) -> Judgement {
        let times = isParallel ? samples.wallNs : samples.cpuNs
        let p99 = times.isEmpty ? .infinity : FrameTimeSummary(nanoseconds: times).p99
        let limit = settings.periodMs * Self.periodShare
        let figure = JudgedFigure(
            statistic: "p99", clock: isParallel ? .wall : .cpu, value: p99, limit: limit, unit: .milliseconds, rule: .atMost)
        return Judgement(
            judged: [figure],
            reason: "p99 \(String(format: "%.3f", p99)) ms per \(settings.bufferFrames)-frame buffer \(figure.passes ? "<=" : ">") "
                + "\(String(format: "%.3f", limit)) ms (half the \(String(format: "%.2f", settings.periodMs)) ms period at "
                + "\(settings.sampleRate) Hz) mixing \(settings.voices) voices",
            metrics: ["period_ms": settings.periodMs, "peak": Double(level)])
    }
}
