import Foundation
import Platform
import SnapshotTesting
import Testing
import Audio

@Suite("Audio outputs: null sink, file sink, real-time sink")
/// The null sink, the WAV/FLAC file sink and the real-time sink.
struct AudioOutputTests {
    @Test("every sink rejects bad formats, use before configure or start, and short buffers")
    func badUse() throws {
        let sinks: [any AudioOutputPort] = [NullSink(), AudioFileSink(path: "/tmp/unused.wav", format: .wav16), RealTimeSink(clock: ManualClock())]
        for sink in sinks {
            #expect(throws: AudioError.invalidArgument("output sample rate nan Hz is not a finite value > 0")) {
                try sink.configure(sampleRate: .nan, channels: 2, framesPerBuffer: 512)
            }
            #expect(throws: AudioError.invalidArgument("output channel count 0 is below 1")) { try sink.configure(sampleRate: 48_000, channels: 0, framesPerBuffer: 512) }
            #expect(throws: AudioError.invalidArgument("output buffer of 0 frames is below 1")) { try sink.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 0) }
            #expect(throws: AudioError.self) { try sink.start() }
            #expect(throws: AudioError.self) { try sink.render([0, 0], frameCount: 1) }
        }
        let null = NullSink()
        try null.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 4)
        try null.start()
        #expect(throws: AudioError.invalidArgument("3 samples do not hold 2 frames of 2 channels")) { try null.render([0, 0, 0], frameCount: 2) }
        #expect(throws: AudioError.invalidArgument("4 samples do not hold -1 frames of 2 channels")) { try null.render([0, 0, 0, 0], frameCount: -1) }
        #expect(try null.render([0, 0, 0, 0], frameCount: 2) == 2)
        #expect(null.framesRendered == 2)
        null.setVolume(.nan)
        #expect(null.volume == 0)
    }

    @Test("the WAV file sink's output reads back in Python's wave module with the right samples")
    func wavReadBack() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/out.wav"
        let sink = AudioFileSink(path: path, format: .wav16)
        let signal = SineSignal(frequency: 440, amplitude: 0.9, sampleRate: 8_000, channels: 2, frames: 2_000)
        let samples = signal.interleaved()
        try sink.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 1024)
        sink.setVolume(0.5)
        try sink.start()
        #expect(try sink.render(Array(samples[..<2000]), frameCount: 1000) == 1000)
        #expect(try sink.render(Array(samples[2000...]), frameCount: 1000) == 1000)
        #expect(!FileManager.default.fileExists(atPath: path), "nothing at the destination before stop")
        #expect(sink.framesWritten == 2_000)
        sink.stop()
        #expect(sink.finishError == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.wav"])

        let contents = try PythonWaveReader.read(path)
        #expect(contents.channels == 2)
        #expect(contents.rate == 8_000)
        #expect(contents.width == 2)
        #expect(contents.frames == 2_000)
        let worst = zip(contents.samples, samples).map { abs(Double($0) / 32_768 - Double($1) * 0.5) }.max() ?? .infinity
        #expect(worst <= 1.5 / 32_768, "largest difference \(worst)")
    }

    @Test("the FLAC file sink round-trips through the decoder; an unwritable place is ioError and leaves nothing")
    func flacAndFailures() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/out.flac"
        let sink = AudioFileSink(path: path, format: .flac24)
        let signal = SineSignal(sampleRate: 44_100, channels: 1, frames: 4_410)
        try sink.configure(sampleRate: 44_100, channels: 1, framesPerBuffer: 4096)
        try sink.start()
        #expect(try sink.render(signal.interleaved(), frameCount: 4_410) == 4_410)
        sink.stop()
        let decoder = SndFileDecoder()
        let handle = try decoder.open(url: URL(fileURLWithPath: path))
        defer { decoder.close(handle) }
        let decoded = try decodeAll(decoder, handle, channels: 1)
        #expect(decoded.count == 4_410)
        #expect(zip(decoded, signal.interleaved()).allSatisfy { abs($0 - $1) <= 1e-4 })

        #expect(throws: AudioError.unsupported("flac16 cannot hold 9 channels at 48000.0 Hz")) {
            try AudioFileSink(path: path, format: .flac16).configure(sampleRate: 48_000, channels: 9, framesPerBuffer: 64)
        }
        let nowhere = AudioFileSink(path: "\(directory)/missing/out.wav", format: .wav16)
        try nowhere.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 64)
        let error = #expect(throws: AudioError.self) { try nowhere.start() }
        guard case .ioError(let message, _) = error else {
            Issue.record("expected ioError, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("cannot write \(directory)/missing/out.wav"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.flac"])
    }

    @Test("the real-time sink plays one queued buffer per period on the virtual clock and counts underruns")
    func queuedPeriods() throws {
        let clock = ManualClock()
        let played = PlayedBuffers()
        let sink = RealTimeSink(clock: clock, queueBuffers: 3, onPeriod: { played.append($0) })
        try sink.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 80)
        sink.setVolume(0.5)
        let buffers = (0..<4).map { index in [Float](repeating: Float(index + 1) * 0.1, count: 80) }
        for buffer in buffers.prefix(3) { #expect(try sink.render(buffer, frameCount: 80) == 80) }
        #expect(try sink.render(buffers[3], frameCount: 80) == 0, "the queue holds three buffers")
        #expect(sink.queuedFrames == 240)
        try sink.start()
        #expect(sink.pullDuePeriods() == 0, "the first period ends 10 ms after start")
        clock.advance(by: 0.010)
        #expect(sink.pullDuePeriods() == 1)
        clock.advance(by: 0.030)
        #expect(sink.pullDuePeriods() == 3)
        #expect(sink.periodsPlayed == 4)
        #expect(sink.underruns == 1, "the fourth period found the queue empty")
        let expected: [[Float]] = [0.05, 0.1, 0.15, 0].map { [Float](repeating: Float($0), count: 80) }
        #expect(played.all.count == 4)
        for (buffer, wanted) in zip(played.all, expected) {
            #expect(zip(buffer, wanted).allSatisfy { abs($0 - $1) < 1e-6 })
        }
        sink.stop()
        clock.advance(by: 1)
        #expect(sink.pullDuePeriods() == 0, "a stopped sink plays nothing")
    }

    @Test("a deliberately slow source produces counted underruns on the virtual clock")
    func slowSource() throws {
        let clock = ManualClock()
        let source = SlowSource(clock: clock, delay: 0.025)
        let sink = RealTimeSink(clock: clock, source: source)
        try sink.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 80)
        try sink.start()
        clock.advance(by: 0.010)
        #expect(sink.pullDuePeriods() == 1)
        // The render took 25 ms of a 10 ms period: the deadlines at 20 and 30 ms were missed.
        #expect(sink.underruns == 2)
        source.delay = 0
        clock.advance(by: 0.005)
        #expect(sink.pullDuePeriods() == 1)
        #expect(sink.underruns == 2, "a fast render is on time")
    }

    /// Whatever the machine's load, the thread pulls (it is not starved forever) and never runs
    /// ahead of real time: at most one buffer per 10 ms period elapsed, plus the first.
    @Test("on the real clock, the sink's own thread pulls one buffer per period, never faster")
    func realClock() throws {
        let source = SlowSource(clock: ManualClock(), delay: 0)
        let time = MonotonicClock()
        let sink = RealTimeSink(clock: time, source: source, pullsOnOwnThread: true)
        try sink.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 80)
        let started = time.nanoseconds
        try sink.start()
        while sink.periodsPlayed < 5, time.nanoseconds - started < 10_000_000_000 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        sink.stop()
        let elapsedPeriods = Int((time.nanoseconds - started) / 10_000_000)
        let periods = sink.periodsPlayed
        #expect(periods >= 5, "the thread pulled \(periods) buffers in 10 s")
        #expect(periods <= elapsedPeriods + 1, "\(periods) buffers in \(elapsedPeriods) periods of 10 ms")
        Thread.sleep(forTimeInterval: 0.03)
        #expect(sink.periodsPlayed <= periods + 1, "the thread stops within a period")
    }
}

/// Buffers an output played, collected from its thread.
final class PlayedBuffers: Sendable {
    private let buffers = Locked<[[Float]]>([])
    /// Keeps `buffer`.
    func append(_ buffer: [Float]) { buffers.withLock { $0.append(buffer) } }
    /// The buffers kept, in order.
    var all: [[Float]] { buffers.withLock { $0 } }
}

/// A source that fills buffers with 0.25 and advances a virtual clock by `delay` seconds per render.
final class SlowSource: AudioRenderSource {
    private let clock: ManualClock
    private let delaySeconds: Locked<Double>

    /// A source that advances `clock` by `delay` seconds per render.
    init(clock: ManualClock, delay: Double) {
        self.clock = clock
        delaySeconds = Locked(delay)
    }

    /// Seconds each render takes on the virtual clock.
    var delay: Double {
        get { delaySeconds.withLock { $0 } }
        set { delaySeconds.withLock { $0 = newValue } }
    }

    /// Fills `frameCount` frames with 0.25 and advances the clock.
    func render(into buffer: inout [Float], frameCount: Int) -> Int {
        for index in 0..<frameCount { buffer[index] = 0.25 }
        clock.advance(by: delay)
        return frameCount
    }
}
