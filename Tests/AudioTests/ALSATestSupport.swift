import Dispatch
import Foundation
@testable import Audio
import Platform

/// A raw capture through ALSA's `file` plugin (defined with its arguments in
/// `/usr/share/alsa/alsa.conf`, over the `null` plugin): the device name that writes to a
/// temporary file, and the file's bytes.
struct ALSACapture {
    /// The file the plugin writes.
    let path: String

    /// A capture to a new temporary file.
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("alsa-capture-\(UUID().uuidString).raw").path
    }

    /// The PCM name: `file:FILE=…,FORMAT=raw`.
    var device: String { "file:FILE=\(path),FORMAT=raw" }

    /// The bytes written so far (empty when there is no file).
    var bytes: [UInt8] { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? [] }

    /// Removes the file.
    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The little-endian bytes of `samples` as 32-bit floats.
    static func floatBytes(_ samples: some Sequence<Float>) -> [UInt8] {
        samples.flatMap { sample in withUnsafeBytes(of: sample.bitPattern.littleEndian) { Array($0) } }
    }
}

/// Interleaved test samples: seeded, every bit pattern of a finite float in [−1.5, 1.5], so a
/// capture that changed any bit would show.
func alsaTestSignal(frames: Int, channels: Int, seed: UInt64) -> [Float] {
    var state = seed
    return (0..<(frames * channels)).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(Int32(truncatingIfNeeded: state >> 32)) / Float(Int32.max) * 1.5
    }
}

/// Pushes every frame of `samples` into `output`, waiting while its queue is full; throws
/// `ETIMEDOUT` when the output takes nothing for 10 s.
func pushAll(_ samples: [Float], channels: Int, into output: any AudioOutputPort) throws {
    var offset = 0
    var lastProgress = Date()
    while offset < samples.count {
        let rest = Array(samples[offset...])
        let accepted = try output.render(rest, frameCount: rest.count / channels)
        offset += accepted * channels
        if accepted > 0 {
            lastProgress = Date()
        } else {
            guard Date().timeIntervalSince(lastProgress) < 10 else { throw POSIXError(.ETIMEDOUT) }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }
}

/// A render source that plays `samples` once, then silence (short renders, which the output
/// counts as underruns), and signals when it has handed out its last sample.
final class FiniteSignalSource: AudioRenderSource {
    private let samples: [Float]
    private let channels: Int
    private let position = Locked(0)
    private let exhausted = DispatchSemaphore(value: 0)

    /// A source of the interleaved `samples` of `channels` channels.
    init(_ samples: [Float], channels: Int) {
        self.samples = samples
        self.channels = channels
    }

    /// Copies the next frames, up to `frameCount`, and returns how many it copied.
    func render(into buffer: inout [Float], frameCount: Int) -> Int {
        let (start, end) = position.withLock { position -> (Int, Int) in
            let start = position
            position = min(samples.count, position + frameCount * channels)
            return (start, position)
        }
        for index in start..<end { buffer[index - start] = samples[index] }
        if start < samples.count, end == samples.count { exhausted.signal() }
        return (end - start) / channels
    }

    /// Waits up to `seconds` for the last sample to be handed out.
    func waitUntilExhausted(seconds: Double = 10) -> Bool {
        exhausted.wait(timeout: .now() + seconds) == .success
    }
}

/// A PCM that records what is written to it, agrees to a given setup and answers chosen writes
/// with an error: a device for the tests of recovery, failures and flushes.
final class FakePCM: PCMDevice, @unchecked Sendable {
    /// What the fake does and has seen.
    struct Script: Sendable {
        /// The format the device agrees to.
        var format = ALSASampleFormat.float32
        /// The period agreed to; nil for the one asked for.
        var periodFrames: Int?
        /// Errors (negative errno) by write call index (0 = first call), each answered once.
        var failures: [Int: Int32] = [:]
        /// What `recover` answers.
        var recoverStatus: Int32 = 0
        /// What `available` answers; nil for a buffer that is never free (a device that paces).
        var available: Int?
        /// Seconds each successful write takes (a slow consumer).
        var writeDelay = 0.0
        /// The bytes written, in order.
        var bytes: [UInt8] = []
        /// Every call, in order: "write", "recover -32", "drop", "prepare", "drain", "close".
        var calls: [String] = []
        /// Write calls so far.
        var writes = 0
        /// The request negotiated.
        var request: PCMRequest?
    }

    /// The script and the record.
    let script: Locked<Script>
    /// When set, each write waits for a signal here first (after signalling `entered`).
    let gate: DispatchSemaphore?
    /// Signalled as each write begins, when gated.
    let entered = DispatchSemaphore(value: 0)

    /// A device following `script`, each write held at `gate` when given.
    init(_ script: Script = Script(), gate: DispatchSemaphore? = nil) {
        self.script = Locked(script)
        self.gate = gate
    }

    /// An opener that hands out this device.
    var opener: PCMOpener { { [self] _ in self } }

    func negotiate(_ request: PCMRequest) throws(AudioError) -> ALSASetup {
        script.withLock { script in
            script.request = request
            let period = script.periodFrames ?? request.periodFrames
            return ALSASetup(
                sampleFormat: script.format, channels: request.channels, sampleRate: request.sampleRate,
                periodFrames: period, bufferFrames: max(request.bufferFrames, 2 * period))
        }
    }

    func prepare() -> Int32 { log("prepare") }

    func write(_ bytes: UnsafeRawPointer, frames: Int) -> Int {
        if let gate {
            entered.signal()
            gate.wait()
        }
        let (failure, delay, frameBytes) = script.withLock { script -> (Int32?, Double, Int) in
            script.calls.append("write")
            defer { script.writes += 1 }
            let failure = script.failures.removeValue(forKey: script.writes)
            let frameBytes = (script.request?.channels ?? 1) * script.format.bytesPerSample
            return (failure, script.writeDelay, frameBytes)
        }
        if let failure { return Int(failure) }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        // SAFETY: the output passes `frames` whole frames of the agreed format at `bytes`.
        let written = Array(unsafe UnsafeRawBufferPointer(start: bytes, count: frames * frameBytes))
        script.withLock { $0.bytes += written }
        return frames
    }

    func recover(_ error: Int32) -> Int32 {
        script.withLock { script in
            script.calls.append("recover \(error)")
            return script.recoverStatus
        }
    }

    func available() -> Int { script.withLock { $0.available ?? 0 } }

    func drop() -> Int32 { log("drop") }

    func drain() -> Int32 { log("drain") }

    func close() { _ = log("close") }

    /// Records `call` and answers 0.
    private func log(_ call: String) -> Int32 {
        script.withLock { $0.calls.append(call) }
        return 0
    }
}

extension ALSAOutput {
    /// An output to `pcm` (a stand-in device), with the writer's scheduling request answered by
    /// `setScheduling` (granted by default, so tests do not ask the system for real time).
    static func testing(
        _ pcm: FakePCM, periodFrames: Int? = nil, pacing: ALSAPacing = .device, source: (any AudioRenderSource)? = nil,
        queueBuffers: Int = 4, realTimePriority: Int32? = nil,
        setScheduling: @escaping @Sendable (Int32, Int32) -> Int32 = { _, _ in 0 }
    ) -> ALSAOutput {
        ALSAOutput(
            device: "fake", periodFrames: periodFrames, bufferPeriods: 4, sampleFormats: ALSASampleFormat.allCases, pacing: pacing,
            clock: MonotonicClock(), source: source, queueBuffers: queueBuffers, realTimePriority: realTimePriority,
            openPCM: pcm.opener, setScheduling: setScheduling)
    }
}

/// Polls `condition` every millisecond for up to `seconds`; whether it came to hold.
func eventually(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.001)
    }
    return true
}
