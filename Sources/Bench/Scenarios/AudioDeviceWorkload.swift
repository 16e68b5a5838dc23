import BenchKit
import Foundation
import Audio

/// The `audio.device` scenario: the mixer's voices played in real time through the ALSA
/// sound-device output, which pulls each period from the mixer on its own writer thread. Run
/// it with `bench --scenario audio.device`; it is not in the default set.
///
/// By default the device is ALSA's `file` plugin writing raw frames to a temporary file
/// (deleted afterwards), which does not block, so the output paces itself by the clock, one
/// period per period duration (``ALSAPacing/automatic`` finds that out); `--alsa-device` plays
/// into a real device instead, which paces it. The run lasts `--seconds` (10 by default), one
/// frame per period: each frame waits until the writer has pulled its next period, and the
/// period's mix is timed on the writer's thread. The verdict fails on any underrun (see
/// ``ALSAOutput``), on a device error, on a captured file shorter or longer than the frames
/// written, and on a run faster than real time (not paced).
///
/// For `bench capacity` a probe's figure is the longest mix of a period, scaled to the period
/// asked for, or infinity after an underrun; the budget is the period itself: the voices fit
/// when the device played them without an underrun.
final class AudioDeviceWorkload: SelfJudgingWorkload, FixedLengthWorkload, CapacityFigureWorkload {
    /// The default length of the run in seconds.
    static let defaultSeconds = 10
    /// The least ratio of wall time to the audio written beyond the device's buffer (which
    /// the device takes at once at the start) that a run paced in real time reaches.
    static let minimumPace = 0.95

    let settings: AudioSettings
    let seconds: Int
    let threads: Int
    /// The ALSA device's name.
    let device: String
    /// The file the `file` plugin writes, when capturing.
    private let capture: URL?
    private let output: ALSAOutput
    private let source: TimedRenderSource
    /// What the output agreed to.
    private let setup: ALSASetup
    /// The periods the run lasts.
    private let periods: Int
    /// The outcome, once the output is stopped.
    private var outcome: Outcome?
    /// Wall time from the start of the output to its stop.
    private let started: UInt64

    /// What the run came to.
    private struct Outcome {
        let statistics: ALSAOutputStatistics
        let failure: AudioError?
        let priority: ALSAThreadPriority?
        let pacedByClock: Bool
        let elapsedNs: UInt64
        /// Bytes in the captured file, nil when not capturing.
        let capturedBytes: Int?
        let times: TimedRenderSource.Times
    }

    /// Builds the voices, opens the device and starts playing.
    ///
    /// - Throws: `BenchError.invalidArgument` when the device cannot be opened or configured.
    init(
        settings: AudioSettings, seconds: Int, device: String?, seed: UInt64, threads: Int,
        kernels: KernelInstructionSet = .best
    ) throws {
        self.settings = settings
        self.seconds = seconds
        self.threads = threads
        if let device {
            self.device = device
            capture = nil
        } else {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-audio-device-\(UUID().uuidString).raw")
            self.device = "file:FILE=\(url.path),FORMAT=raw"
            capture = url
        }
        let format = try MixFormat(channels: AudioSettings.channels, sampleRate: settings.sampleRate, maxFrames: settings.bufferFrames)
        let mixer = try AudioMixer(format: format, threads: threads, world: World(), kernels: kernels)
        try AudioSourceSet.spawnVoices(settings, seed: seed, into: mixer)
        let expected = seconds * settings.sampleRate / settings.bufferFrames + 64
        source = TimedRenderSource(MixerRenderSource(mixer: mixer), capacity: 2 * expected)
        output = ALSAOutput(device: self.device, periodFrames: settings.bufferFrames, source: source)
        do {
            try output.configure(sampleRate: Double(settings.sampleRate), channels: AudioSettings.channels, framesPerBuffer: settings.bufferFrames)
            guard let setup = output.setup else { throw AudioError.invalidState("the ALSA output reported no setup") }
            self.setup = setup
            periods = (seconds * setup.sampleRate + setup.periodFrames - 1) / setup.periodFrames
            started = Clocks.wall()
            try output.start()
        } catch let error as AudioError {
            if let capture { try? FileManager.default.removeItem(at: capture) }
            throw BenchError.invalidArgument("audio.device: \(error.message)")
        }
    }

    deinit {
        output.stop()
        if let capture { try? FileManager.default.removeItem(at: capture) }
    }

    /// "audio.device".
    var name: String { "audio.device" }
    var params: [String: Int] {
        ["voices": settings.voices, "buffer_frames": settings.bufferFrames, "sample_rate": settings.sampleRate,
         "seconds": seconds, "threads": threads, "period_frames": setup.periodFrames, "device_buffer_frames": setup.bufferFrames]
    }
    /// None: the sampler's thread only waits for the periods (its wall time per frame is the
    /// device's pace); the mix runs, and is timed, on the writer's thread.
    var entitiesPerFrame: Int { 0 }
    /// The sampler's thread only waits.
    var isParallel: Bool { false }
    var warmupCount: Int { 0 }
    var frameCount: Int { periods }

    /// Waits until the writer has pulled its next period (at most a second, when the device
    /// has stopped).
    func runFrame() {
        _ = source.awaitRender(timeout: 1)
    }

    /// Stops the output once (draining it) and gathers what the run came to.
    private func finish() -> Outcome {
        if let outcome { return outcome }
        output.stop()
        let elapsed = Clocks.wall() &- started
        let captured = capture.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int }
        let outcome = Outcome(
            statistics: output.statistics, failure: output.failure, priority: output.threadPriority,
            pacedByClock: output.isPacedByClock, elapsedNs: elapsed, capturedBytes: captured, times: source.recorded)
        self.outcome = outcome
        return outcome
    }

    /// The longest mix of a period scaled to the period asked for, or infinity after an underrun or a failure.
    func capacityFigureNanoseconds(_ samples: FrameSamples) -> Double {
        let outcome = finish()
        guard outcome.statistics.underruns == 0, outcome.failure == nil, let longest = outcome.times.wallNs.max() else { return .infinity }
        return Double(longest) * Double(settings.bufferFrames) / Double(setup.periodFrames)
    }

    func judge(_ samples: FrameSamples, settings runSettings: RunSettings) -> Judgement {
        let outcome = finish()
        let statistics = outcome.statistics
        let periodMs = Double(setup.periodNanoseconds) / 1e6
        let wall = FrameTimeSummary(nanoseconds: outcome.times.wallNs.isEmpty ? [0] : outcome.times.wallNs)
        let cpu = FrameTimeSummary(nanoseconds: outcome.times.cpuNs.isEmpty ? [0] : outcome.times.cpuNs)
        let longestMs = Double(outcome.times.wallNs.max() ?? 0) / 1e6
        // A device holds up to its buffer ahead of what it has played, so the audio beyond the
        // buffer is what real time bounds.
        let audioNs = Double(statistics.framesWritten) / Double(setup.sampleRate) * 1e9
        let pacedNs = Double(statistics.framesWritten - setup.bufferFrames) / Double(setup.sampleRate) * 1e9
        let pace = pacedNs > 0 ? Double(outcome.elapsedNs) / pacedNs : 0
        let priority: String
        switch outcome.priority {
        case .realTime(let value)?: priority = "SCHED_FIFO \(value)"
        case .normal(let reason)?: priority = "normal priority (\(reason))"
        case nil: priority = "no writer thread"
        }
        let figure = JudgedFigure(statistic: "underruns", value: Double(statistics.underruns), limit: 0, unit: .count, rule: .atMost)
        var judgement = Judgement(
            judged: [figure],
            reason: "\(statistics.underruns) underruns in \(statistics.periodsWritten) periods of \(setup.periodFrames) frames "
                + "(device buffer \(setup.bufferFrames), \(setup.sampleFormat.rawValue)) over "
                + String(format: "%.2f s", Double(outcome.elapsedNs) / 1e9) + " at \(setup.sampleRate) Hz, \(settings.voices) voices on "
                + "\(threads) mix thread\(threads == 1 ? "" : "s"), paced by the \(outcome.pacedByClock ? "clock" : "device"), writer at \(priority); "
                + String(format: "mix p50 %.3f ms, p99 %.3f ms, max %.3f ms of the %.2f ms period", wall.p50, wall.p99, longestMs, periodMs),
            metrics: [
                "periods": Double(statistics.periodsWritten), "underruns": Double(statistics.underruns),
                "suspends": Double(statistics.suspends), "period_frames": Double(setup.periodFrames),
                "device_buffer_frames": Double(setup.bufferFrames), "period_ms": periodMs,
                "paced_by_clock": outcome.pacedByClock ? 1 : 0, "pace": pace,
                "mix_wall_p50_ms": wall.p50, "mix_wall_p99_ms": wall.p99, "mix_wall_max_ms": longestMs,
                "mix_cpu_p50_ms": cpu.p50, "mix_cpu_p99_ms": cpu.p99,
            ])
        let expectedBytes = statistics.framesWritten * setup.bytesPerFrame
        if let failure = outcome.failure {
            judgement.verdict = .fail
            judgement.reason = "the device failed: \(failure.message)"
        } else if let bytes = outcome.capturedBytes, bytes != expectedBytes {
            judgement.verdict = .fail
            judgement.reason = "the captured file holds \(bytes) bytes, not the \(expectedBytes) written"
        } else if pace < Self.minimumPace {
            judgement.verdict = .fail
            judgement.reason = String(format: "played %.2f s of audio in %.2f s: not paced in real time", audioNs / 1e9, Double(outcome.elapsedNs) / 1e9)
        }
        return judgement
    }
}
