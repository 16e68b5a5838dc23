import ArgumentParser
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the `audio` scenario's options, its files, its verdict and its capacity plan.
struct AudioMixOptionTests {
    /// A 16-bit PCM WAV file of `frames` frames of a 440 Hz sine at `rate`, in stereo.
    static func wav(frames: Int, rate: Int) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + frames * 4)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(2))
        append(UInt32(rate)); append(UInt32(rate * 4)); append(UInt16(4)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(frames * 4))
        for frame in 0..<frames {
            let sample = Int16(8_000 * sin(2 * Double.pi * 440 * Double(frame) / Double(rate)))
            append(sample); append(sample)
        }
        return data
    }

    /// A file in a fresh temporary directory holding `data`.
    static func file(_ name: String, _ data: Data) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audio-mix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Removes the directory ``file(_:_:)`` made for `path`.
    static func removeFile(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// The one line `bench` prints for `arguments`, or nil when they parse.
    static func errorLine(_ arguments: [String]) -> String? {
        do {
            _ = try BenchCommand<EcsBench>.parseStrictly(arguments)
            return nil
        } catch {
            let outcome = CommandOutcome(error: error)
            #expect(outcome.status == .error)
            return outcome.line
        }
    }

    @Test func defaultsAre256VoicesOf512FramesAt48Kilohertz() throws {
        let audio = AudioOptions.settings(try BenchCommand<EcsBench>.parse([]).settings().settings)
        #expect(audio == AudioSettings(voices: 256, bufferFrames: 512, sampleRate: 48_000, sourceRate: nil, files: [], stream: false))
        #expect(abs(audio.periodMs - 10.6667) < 1e-3)
        #expect(ScenarioRegistry.standard.names.contains("audio"))
    }

    @Test(arguments: [
        (["--voices", "0"], "--voices must be in 1...1000000, got 0"),
        (["--voices=-3"], "--voices must be in 1...1000000, got -3"),
        (["--buffer-frames", "8"], "--buffer-frames must be in 16...16384, got 8"),
        (["--sample-rate", "1000"], "--sample-rate must be in 8000...384000, got 1000"),
        (["--source-rate", "47999"], "--source-rate 47999: cannot resample 47999 Hz to 48000 Hz: the reduced ratio 48000/47999 needs more than 2048 phases"),
        (["--source-rate", "44100", "--audio-file", "a.wav"], "--source-rate sets the rate of synthesised sources; it cannot be used with --audio-file"),
        (["--stream"], "--stream needs at least one --audio-file to stream"),
    ])
    func badAudioOptionsGiveOneLine(arguments: [String], message: String) {
        #expect(Self.errorLine(arguments) == message)
        #expect(Self.errorLine(["capacity", "--scenario", "audio"] + arguments) == message)
    }

    @Test func unreadableAndCorruptFilesGiveOneLine() throws {
        let missing = Self.errorLine(["--scenario", "audio", "--audio-file", "/nonexistent/shot.wav"])
        #expect(missing?.hasPrefix("--audio-file /nonexistent/shot.wav: ") == true)
        let garbage = try Self.file("garbage.wav", Data("this is not audio at all, just text".utf8))
        defer { Self.removeFile(garbage) }
        let corrupt = Self.errorLine(["--scenario", "audio", "--audio-file", garbage])
        #expect(corrupt?.hasPrefix("--audio-file \(garbage): ") == true)
        #expect(corrupt?.contains("\n") == false)
    }

    @Test func voicesPlayTheGivenFileResampledToTheOutputRate() throws {
        let path = try Self.file("tone.wav", Self.wav(frames: 4_410, rate: 44_100))
        defer { Self.removeFile(path) }
        #expect(Self.errorLine(["--scenario", "audio", "--audio-file", path]) == nil)
        let settings = AudioSettings(voices: 3, bufferFrames: 256, sampleRate: 48_000, sourceRate: nil, files: [path, path])
        let workload = try AudioWorkload(settings: settings, seed: 1, threads: 1)
        // Both paths share one decoded asset.
        #expect(workload.mixer.assetCount == 1)
        for _ in 0..<4 { workload.runFrame() }
        #expect(workload.mixer.meters.peak[0] > 0.01)
        #expect(workload.mixer.voiceCount == 3)
    }

    /// `--audio-file` reads what the player reads: AAC in M4A goes to FFmpeg by its content.
    @Test func anM4AFilePlaysAsThePlayerWouldPlayIt() throws {
        let source = try Self.file("tone-m4a.wav", Self.wav(frames: 44_100, rate: 44_100))
        defer { Self.removeFile(source) }
        let encoded = source.replacingOccurrences(of: ".wav", with: ".m4a")
        defer { Self.removeFile(encoded) }
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-loglevel", "error", "-y", "-i", source, "-c:a", "aac", "-b:a", "128k", encoded]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        try #require(ffmpeg.terminationStatus == 0, "ffmpeg could not encode the tone")
        #expect(Self.errorLine(["--scenario", "audio", "--audio-file", encoded]) == nil)
        let settings = AudioSettings(voices: 2, bufferFrames: 256, sampleRate: 48_000, sourceRate: nil, files: [encoded])
        let workload = try AudioWorkload(settings: settings, seed: 1, threads: 1)
        for _ in 0..<4 { workload.runFrame() }
        #expect(workload.mixer.meters.peak[0] > 0.01)
    }

    @Test func streamingVoicesPlayTheirFilesAndAFileAtAnotherRateIsResampled() throws {
        let path = try Self.file("tone48.wav", Self.wav(frames: 48_000, rate: 48_000))
        defer { Self.removeFile(path) }
        let settings = AudioSettings(voices: 5, bufferFrames: 512, sampleRate: 48_000, sourceRate: nil, files: [path], stream: true)
        let workload = try AudioWorkload(settings: settings, seed: 3, threads: 1)
        // Five open streams of one file, none of them a shared in-memory asset.
        #expect(workload.mixer.assetCount == 5)
        for _ in 0..<4 { workload.runFrame() }
        #expect(workload.mixer.meters.peak[1] > 0.01)
        #expect(workload.params["stream"] == 1)
        let other = try Self.file("tone44.wav", Self.wav(frames: 44_100, rate: 44_100))
        defer { Self.removeFile(other) }
        var resampled = settings
        resampled.files = [other]
        let converted = try AudioWorkload(settings: resampled, seed: 3, threads: 1)
        #expect(converted.mixer.assetCount == 5)
        for _ in 0..<4 {
            #expect(try converted.mixer.waitForStreams(frames: 512))
            converted.runFrame()
        }
        #expect(converted.mixer.meters.peak[1] > 0.01)
    }

    @Test func synthesisedSourcesAtAnotherRateAreResampled() throws {
        let settings = AudioSettings(voices: 16, bufferFrames: 128, sampleRate: 48_000, sourceRate: 44_100, files: [])
        let workload = try AudioWorkload(settings: settings, seed: 7, threads: 2)
        for _ in 0..<3 { workload.runFrame() }
        #expect(workload.mixer.meters.rms[1] > 0.01)
        #expect(workload.isParallel)
        #expect(workload.params["source_rate"] == 44_100)
    }

    @Test func theVerdictIsTheP99AgainstHalfTheBufferPeriod() throws {
        let workload = try AudioWorkload(settings: AudioSettings(voices: 1), seed: 1, threads: 1)
        let settings = try BenchCommand<EcsBench>.parse([]).measure.settings(particles: 1)
        let fits = FrameSamples(cpuNs: Array(repeating: 5_000_000, count: 100), wallNs: Array(repeating: 1, count: 100), processCPUNs: nil)
        #expect(workload.judge(fits, settings: settings).verdict == .pass)
        var late = fits
        late.cpuNs[0...4] = [5_400_000, 5_400_000, 5_400_000, 5_400_000, 5_400_000]
        let judgement = workload.judge(late, settings: settings)
        #expect(judgement.verdict == .fail)
        let halfPeriodMs: Double = 512.0 / 48_000 * 1000 / 2
        #expect(judgement.judged.first?.limit == halfPeriodMs)
        // On two threads a neighbour that delays a worker stretches single frames' wall time;
        // the median of 10-frame minima judges the mix, not the neighbour.
        let parallel = try AudioWorkload(settings: AudioSettings(voices: 1), seed: 1, threads: 2)
        var stretched = FrameSamples(cpuNs: Array(repeating: 1, count: 100), wallNs: Array(repeating: 3_000_000, count: 100), processCPUNs: nil)
        for frame in stride(from: 0, to: 100, by: 3) { stretched.wallNs[frame] = 40_000_000 }
        let shared = parallel.judge(stretched, settings: settings)
        #expect(shared.verdict == .pass)
        #expect(shared.judged.first?.name == "median of batch minima wall")
        stretched.wallNs = Array(repeating: 6_000_000, count: 100)
        #expect(parallel.judge(stretched, settings: settings).verdict == .fail)
    }

    @Test func capacityOfAudioSearchesVoicesAgainstHalfThePeriod() throws {
        let command = try CapacityCommand<EcsBench>.parse(["--scenario", "audio", "--buffer-frames", "256", "--sample-rate", "44100"])
        let plan = try command.searchPlan().plan
        #expect(plan.unit == "voices")
        #expect(abs(plan.budgetNs - 256.0 / 44_100 * 0.5 * 1e9) < 1)
        #expect(plan.settings(count: 1_234).integer("voices") == 1_234)
        #expect(plan.settings(count: 1_234).particles == 1000)
        #expect(plan.maximum == AudioOptions.voiceRange.upperBound)
        let confetti = try CapacityCommand<EcsBench>.parse(["--scenario", "confetti"]).searchPlan().plan
        #expect(confetti.settings(count: 99).particles == 99)
        #expect(confetti.budgetNs == command.measure.settings(particles: 1).budgetNs)
    }

    @Test func resampledScenarioPlaysSourcesAtCDRateUnlessToldOtherwise() throws {
        #expect(ScenarioRegistry.standard.names.contains("audio.resampled"))
        #expect(AudioSettings().resampled.sourceRate == 44_100)
        #expect(AudioSettings(sourceRate: 32_000).resampled.sourceRate == 32_000)
        let files = AudioSettings(files: ["a.wav"])
        #expect(files.resampled == files)
        let resampled = try #require(try ScenarioRegistry.standard.select("audio.resampled").first)
        #expect(try resampled.make(BenchCommand<EcsBench>.parse([]).settings().settings).name == "audio.resampled")
        let plan = try CapacityCommand<EcsBench>.parse(["--scenario", "audio.resampled"]).searchPlan().plan
        #expect(plan.unit == "voices")
    }
}
