import Dispatch
import Platform
import Foundation
import Glibc
import Testing
@testable import Audio

/// The ALSA output's writer against a stand-in device: underruns and suspends counted and
/// recovered without stopping playback, other errors typed, flushes exact, the thread's scheduling
/// reported.
@Suite("ALSA output recovery, flushes and scheduling")
struct ALSARecoveryTests {
    @Test("a device that runs dry (-EPIPE) is recovered each time and gets every period once, in order")
    func underrunsAreCountedAndRecovered() throws {
        var script = FakePCM.Script()
        script.failures = [2: -EPIPE, 5: -EPIPE, 6: -EPIPE]
        let pcm = FakePCM(script)
        let output = ALSAOutput.testing(pcm, periodFrames: 64)
        try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 256)
        try output.start()
        let signal = alsaTestSignal(frames: 64 * 20, channels: 2, seed: 11)
        try pushAll(signal, channels: 2, into: output)
        output.stop()
        let record = pcm.script.withLock { $0 }
        #expect(record.bytes == ALSACapture.floatBytes(signal))
        #expect(output.statistics == ALSAOutputStatistics(periodsWritten: 20, framesWritten: 64 * 20, underruns: 3, suspends: 0))
        #expect(record.calls.filter { $0 == "recover -32" }.count == 3)
        #expect(record.calls.last == "drain")
        #expect(output.failure == nil)
    }

    @Test("a slow device that keeps running dry under a pulling output: each underrun counted, playback continuing")
    func slowConsumerUnderPull() throws {
        var script = FakePCM.Script()
        script.writeDelay = 0.001
        script.failures = Dictionary(uniqueKeysWithValues: stride(from: 3, to: 40, by: 4).map { ($0, -EPIPE) })
        let pcm = FakePCM(script)
        let signal = alsaTestSignal(frames: 32 * 30, channels: 1, seed: 12)
        let source = FiniteSignalSource(signal, channels: 1)
        let output = ALSAOutput.testing(pcm, periodFrames: 32, source: source)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 32)
        try output.start()
        #expect(source.waitUntilExhausted())
        output.stop()
        let record = pcm.script.withLock { $0 }
        let expected = ALSACapture.floatBytes(signal)
        #expect(Array(record.bytes.prefix(expected.count)) == expected, "every period once, in order, across the recoveries")
        let failed = record.calls.filter { $0 == "recover -32" }.count
        #expect(failed >= 7, "the failures at write calls 3, 7, …, 27 came before the signal ended")
        #expect(output.statistics.underruns >= failed)
        #expect(output.statistics.periodsWritten >= 30)
    }

    @Test("a suspended device (-ESTRPIPE) is counted as a suspend and resumed")
    func suspendsAreCountedAndResumed() throws {
        var script = FakePCM.Script()
        script.failures = [1: -ESTRPIPE]
        let pcm = FakePCM(script)
        let output = ALSAOutput.testing(pcm, periodFrames: 16)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 16)
        try output.start()
        let signal = alsaTestSignal(frames: 64, channels: 1, seed: 13)
        try pushAll(signal, channels: 1, into: output)
        output.stop()
        #expect(pcm.script.withLock { $0.bytes } == ALSACapture.floatBytes(signal))
        #expect(output.statistics.suspends == 1 && output.statistics.underruns == 0)
    }

    @Test("another error of the device stops the writer with a typed error, which render then throws")
    func otherErrorsAreTyped() throws {
        var script = FakePCM.Script()
        script.failures = [1: -ENODEV]
        let pcm = FakePCM(script)
        let output = ALSAOutput.testing(pcm, periodFrames: 16)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 16)
        try output.start()
        _ = try output.render([Float](repeating: 0.5, count: 48), frameCount: 48)
        #expect(eventually { output.failure != nil })
        let expected = AudioError.ioError("writing to ALSA device 'fake' failed: No such device", underlying: POSIXError(.ENODEV))
        #expect(output.failure == expected)
        #expect(throws: expected) { try output.render([0], frameCount: 1) }
        #expect(pcm.script.withLock { $0.calls }.contains("drop"))
        output.stop()
        try output.start()
        #expect(output.failure == nil, "a new start clears the failure")
        output.stop()
    }

    @Test("an underrun the device cannot recover from is a typed error")
    func failedRecoveryIsTyped() throws {
        var script = FakePCM.Script()
        script.failures = [0: -EPIPE]
        script.recoverStatus = -EIO
        let pcm = FakePCM(script)
        let output = ALSAOutput.testing(pcm, periodFrames: 8)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 8)
        try output.start()
        _ = try output.render([Float](repeating: 0, count: 8), frameCount: 8)
        #expect(eventually { output.failure != nil })
        #expect(output.failure == .ioError("ALSA device 'fake' did not recover from Broken pipe: Input/output error", underlying: POSIXError(.EIO)))
    }

    @Test("flush waits for the period being written, drops the device's buffer and the queue, and playback goes on")
    func flushIsExact() throws {
        let gate = DispatchSemaphore(value: 0)
        let pcm = FakePCM(gate: gate)
        let output = ALSAOutput.testing(pcm, periodFrames: 4)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 4)
        try output.start()
        let first: [Float] = [1, 2, 3, 4]
        let queued: [Float] = [5, 6, 7, 8, 9, 10, 11, 12]
        #expect(try output.render(first, frameCount: 4) == 4)
        #expect(pcm.entered.wait(timeout: .now() + 5) == .success, "the writer is inside its first write")
        #expect(try output.render(queued, frameCount: 8) == 8)
        let flushed = DispatchSemaphore(value: 0)
        Thread {
            output.flush()
            flushed.signal()
        }.start()
        // The flush empties the queue as it asks the writer for the drop, in one hold of the lock.
        #expect(eventually { output.queuedFrames == 0 })
        #expect(flushed.wait(timeout: .now() + 0.05) == .timedOut, "flush waits for the write in progress")
        gate.signal()
        #expect(flushed.wait(timeout: .now() + 5) == .success)
        #expect(output.queuedFrames == 0)
        let after: [Float] = [13, 14, 15, 16]
        #expect(try output.render(after, frameCount: 4) == 4)
        #expect(pcm.entered.wait(timeout: .now() + 5) == .success)
        gate.signal()
        // Any write beyond those expected is let through, so a failure shows in the bytes
        // instead of holding the stop.
        for _ in 0..<8 { gate.signal() }
        output.stop()
        let record = pcm.script.withLock { $0 }
        #expect(record.bytes == ALSACapture.floatBytes(first + after))
        #expect(Array(record.calls.prefix(5)) == ["prepare", "write", "drop", "prepare", "write"])
    }

    @Test("the writer asks for SCHED_FIFO and reports what it got", arguments: [Int32(0), EPERM])
    func schedulingIsReported(answer: Int32) throws {
        let asked = Locked<[Int32]>([])
        let output = ALSAOutput.testing(FakePCM(), realTimePriority: 20) { policy, priority in
            asked.withLock { $0 += [policy, priority] }
            return answer
        }
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 8)
        try output.start()
        #expect(eventually { output.threadPriority != nil })
        output.stop()
        #expect(asked.withLock { $0 } == [SCHED_FIFO, 20])
        if answer == 0 {
            #expect(output.threadPriority == .realTime(priority: 20))
        } else {
            #expect(output.threadPriority == .normal(reason: "SCHED_FIFO 20 refused: Operation not permitted"))
        }
    }

    @Test("without a real-time priority the writer does not ask")
    func noPriorityIsNotAsked() throws {
        let output = ALSAOutput.testing(FakePCM(), realTimePriority: nil) { _, _ in
            Issue.record("the scheduler was asked")
            return 0
        }
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 8)
        try output.start()
        #expect(eventually { output.threadPriority != nil })
        output.stop()
        #expect(output.threadPriority == .normal(reason: "no real-time priority was asked for"))
    }

    @Test("the device's agreed period and format are the ones written in")
    func negotiatedSetupIsUsed() throws {
        var script = FakePCM.Script()
        script.format = .signed16
        script.periodFrames = 3
        let pcm = FakePCM(script)
        let output = ALSAOutput.testing(pcm, periodFrames: 4)
        try output.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 4)
        #expect(output.setup == ALSASetup(sampleFormat: .signed16, channels: 2, sampleRate: 8_000, periodFrames: 3, bufferFrames: 16))
        #expect(pcm.script.withLock { $0.request } == PCMRequest(
            formats: [.float32, .signed32, .signed16], channels: 2, sampleRate: 8_000, periodFrames: 4, bufferFrames: 16))
        try output.start()
        try pushAll([0.5, -0.5, 1, -1, 0, 0.25, 0.75, -0.75], channels: 2, into: output)
        output.stop()
        let values: [Int16] = [16_384, -16_384, 32_767, -32_767, 0, 8_192, 24_575, -24_575]
        #expect(pcm.script.withLock { $0.bytes } == values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } })
        #expect(output.statistics.periodsWritten == 2, "a period of 3 frames, then the last frame")
    }

    @Test("the clock's schedule counts each deadline a producer runs past, as the real-time sink does")
    func periodDeadlines() {
        var deadlines = PeriodDeadlines(start: 1_000, period: 100)
        #expect(deadlines.complete(started: 1_000, finished: 1_050) == 0, "within the period")
        #expect(deadlines.next == 1_100)
        #expect(deadlines.complete(started: 1_100, finished: 1_200) == 0, "finishing on the next deadline is in time")
        #expect(deadlines.complete(started: 1_200, finished: 1_301) == 1, "just past the next deadline")
        #expect(deadlines.next == 1_400)
        #expect(deadlines.complete(started: 1_400, finished: 1_750) == 3, "past three deadlines")
        #expect(deadlines.next == 1_800)
        #expect(deadlines.complete(started: 2_500, finished: 2_510) == 0, "the writer woke late: not the producer's underrun")
        #expect(deadlines.next == 1_900, "the late periods play back to back")
        deadlines.restart(at: 5_000)
        #expect(deadlines.next == 5_000)
        #expect(PeriodDeadlines(start: 0, period: 0).period == 1)
    }

    @Test("a slow render source under the clock's pacing is counted late and playback goes on")
    func lateRendersUnderTheClock() throws {
        let capture = ALSACapture()
        defer { capture.remove() }
        let source = SleepingSource(sleepOnRender: 3, seconds: 0.03)
        // 80 frames at 8 kHz: a 10 ms period; the third render takes 30 ms, past two deadlines.
        let output = ALSAOutput(device: capture.device, periodFrames: 80, pacing: .clock, source: source, realTimePriority: nil)
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 80)
        try output.start()
        #expect(eventually { output.statistics.periodsWritten >= 8 })
        output.stop()
        #expect(output.statistics.underruns >= 2)
        #expect(output.statistics.periodsWritten >= 8)
        #expect(capture.bytes.count == output.statistics.framesWritten * 4)
    }
}

/// A source of silence whose `sleepOnRender`-th render (from 1) sleeps `seconds`.
private final class SleepingSource: AudioRenderSource {
    private let renders = Locked(0)
    private let sleepOnRender: Int
    private let seconds: Double

    init(sleepOnRender: Int, seconds: Double) {
        self.sleepOnRender = sleepOnRender
        self.seconds = seconds
    }

    func render(into buffer: inout [Float], frameCount: Int) -> Int {
        let count = renders.withLock { count in
            count += 1
            return count
        }
        if count == sleepOnRender { Thread.sleep(forTimeInterval: seconds) }
        for index in 0..<frameCount { buffer[index] = 0 }
        return frameCount
    }
}
