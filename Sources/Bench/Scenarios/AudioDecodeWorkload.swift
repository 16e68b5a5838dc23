import BenchKit
import Foundation
import Audio

/// The `audio.decode` scenario: decode throughput through libsndfile as a real-time factor per
/// format (seconds of audio decoded per second of process CPU, the worker thread that opens the
/// file included). It is not in the default set: run it with `bench --scenario audio.decode`.
///
/// When built it writes a 10 s (``standardSeconds``) 48 kHz stereo sine in every ``AudioFileFormat`` the installed
/// libsndfile writes into a temporary directory, removed again when the workload goes away. One
/// frame opens, fully decodes and closes every file with ``SndFileDecoder``. It judges itself:
/// each format's factor must reach its floor in ``floors``, a fraction of what a plain C loop
/// reaches here (about 14,000x for 16-bit WAV and 580x for Ogg Vorbis).
final class AudioDecodeWorkload: SelfJudgingWorkload {
    /// Seconds of audio in each file of the scenario.
    static let standardSeconds = 10
    /// Frames per second of each file.
    static let sampleRate = 48_000
    /// Frames decoded per read.
    static let blockFrames = 4096
    /// The least real-time factor each format must reach.
    static let floors: [AudioFileFormat: Double] = [
        .wav16: 2000, .wav24: 2000, .wavFloat: 2000, .aiff16: 2000,
        .flac16: 300, .flac24: 300, .oggVorbis: 100, .oggOpus: 50, .mp3: 100,
    ]

    /// Seconds of audio in each file.
    let seconds: Int
    /// The files decoded by a frame, in ``AudioFileFormat`` order.
    private let files: [(format: AudioFileFormat, url: URL)]
    /// The formats the installed libsndfile cannot write.
    let unavailable: [AudioFileFormat]
    private let directory: URL
    private let decoder = SndFileDecoder()
    private var block = [Float](repeating: 0, count: blockFrames * 2)
    private var cpuNs: [AudioFileFormat: UInt64] = [:]
    private var framesDecoded: [AudioFileFormat: Int] = [:]

    /// Writes the test files, `seconds` long each.
    ///
    /// - Throws: `BenchError.invalidArgument` for fewer than 1 second,
    ///   `BenchError.unwritableOutput` when the temporary directory or a file cannot be written.
    init(seconds: Int = standardSeconds) throws {
        guard seconds >= 1 else { throw BenchError.invalidArgument("audio.decode needs files of at least 1 s, not \(seconds)") }
        self.seconds = seconds
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-audio-decode-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchError.unwritableOutput(path: directory.path, reason: "\(error)")
        }
        var files: [(AudioFileFormat, URL)] = []
        var unavailable: [AudioFileFormat] = []
        let signal = Self.sine(seconds: seconds)
        for format in AudioFileFormat.allCases {
            let url = directory.appendingPathComponent("\(format.rawValue).\(format.fileExtension)")
            let sink = AudioFileSink(path: url.path, format: format)
            do {
                try sink.configure(sampleRate: Double(Self.sampleRate), channels: 2, framesPerBuffer: Self.sampleRate)
            } catch {
                unavailable.append(format)
                continue
            }
            do {
                try sink.start()
                _ = try sink.render(signal, frameCount: Self.sampleRate * seconds)
                sink.stop()
                if let error = sink.finishError { throw error }
            } catch {
                try? FileManager.default.removeItem(at: directory)
                throw BenchError.unwritableOutput(path: url.path, reason: "\(error)")
            }
            files.append((format, url))
        }
        self.files = files
        self.unavailable = unavailable
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// "audio.decode".
    var name: String { "audio.decode" }
    /// The file length and format count.
    var params: [String: Int] { ["seconds": seconds, "sample_rate": Self.sampleRate, "formats": files.count] }
    /// Audio frames decoded by one frame.
    var entitiesPerFrame: Int { files.count * seconds * Self.sampleRate }
    /// Not judged against bandwidth.
    var bytesPerFrame: Int { 0 }
    /// The decode runs on the calling thread; the open's worker thread is counted through
    /// process CPU time.
    var isParallel: Bool { false }

    /// Opens, decodes and closes every file, timing each on the process CPU clock.
    func runFrame() {
        for (format, url) in files {
            let started = Clocks.processCPU()
            var frames = 0
            if let handle = try? decoder.open(url: url) {
                while let count = try? decoder.read(handle, into: &block, maxFrames: Self.blockFrames), count > 0 {
                    frames += count
                }
                decoder.close(handle)
            }
            cpuNs[format, default: 0] += Clocks.processCPU() - started
            framesDecoded[format, default: 0] += frames
        }
    }

    /// Passes when every format reaches its floor and every decode returned the whole file.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        var judged: [JudgedFigure] = []
        var metrics: [String: Double] = [:]
        for (format, _) in files {
            let cpuSeconds = Double(cpuNs[format] ?? 0) / 1e9
            let frames = framesDecoded[format] ?? 0
            let factor = cpuSeconds > 0 ? Double(frames) / Double(Self.sampleRate) / cpuSeconds : 0
            metrics["real_time_factor.\(format.rawValue)"] = factor
            judged.append(JudgedFigure(
                statistic: "real-time factor \(format.rawValue)", clock: nil, value: factor,
                limit: Self.floors[format] ?? 1, unit: .ratio, rule: .atLeast))
        }
        let lossy: Set<AudioFileFormat> = [.oggVorbis, .oggOpus, .mp3]
        let length = seconds * Self.sampleRate
        let lost = files.map(\.format).filter { format in
            let frames = framesDecoded[format] ?? 0
            return frames == 0 || (!lossy.contains(format) && frames % length != 0)
        }
        let skipped = unavailable.isEmpty ? "" : "; not written by this libsndfile: \(unavailable.map(\.rawValue).joined(separator: ", "))"
        var judgement = Judgement(
            judged: judged,
            reason: judged.map { $0.summary() }.joined(separator: ", ") + skipped,
            metrics: metrics)
        if !lost.isEmpty {
            judgement.verdict = .fail
            judgement.reason = "decoding lost frames in \(lost.map(\.rawValue).joined(separator: ", "))"
        }
        return judgement
    }

    /// The 1 kHz sine at half scale, interleaved stereo, for `seconds`.
    private static func sine(seconds: Int) -> [Float] {
        let frames = sampleRate * seconds
        var samples = [Float](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            let value = Float(0.5 * sin(2 * Double.pi * 1000 * Double(frame) / Double(sampleRate)))
            samples[2 * frame] = value
            samples[2 * frame + 1] = -value
        }
        return samples
    }
}
