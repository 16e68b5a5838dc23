import Foundation
import Platform
import Testing
@testable import Audio

/// Bad input to the ALSA output: every entry point throws a typed error with an accurate message.
@Suite("ALSA output bad input")
struct ALSABadInputTests {
    @Test("bad formats are invalidArgument before any device is opened", arguments: [
        (0.0, 2, 512, "output sample rate 0.0 Hz is not a finite value > 0"),
        (-44_100.0, 2, 512, "output sample rate -44100.0 Hz is not a finite value > 0"),
        (.infinity, 2, 512, "output sample rate inf Hz is not a finite value > 0"),
        (48_000.0, 0, 512, "output channel count 0 is below 1"),
        (48_000.0, -2, 512, "output channel count -2 is below 1"),
        (48_000.0, 2, 0, "output buffer of 0 frames is below 1"),
        (48_000.0, 2, -512, "output buffer of -512 frames is below 1"),
    ])
    func badFormats(rate: Double, channels: Int, frames: Int, message: String) {
        let pcm = FakePCM()
        let output = ALSAOutput.testing(pcm)
        #expect(throws: AudioError.invalidArgument(message)) { try output.configure(sampleRate: rate, channels: channels, framesPerBuffer: frames) }
        #expect(pcm.script.withLock { $0.calls }.isEmpty, "nothing was opened")
    }

    @Test("rates the device cannot be asked for are unsupported")
    func unsupportedRates() {
        let output = ALSAOutput.testing(FakePCM())
        #expect(throws: AudioError.unsupported("ALSA plays whole-hertz rates up to 768000 Hz, not 44100.5 Hz")) {
            try output.configure(sampleRate: 44_100.5, channels: 2, framesPerBuffer: 512)
        }
        #expect(throws: AudioError.unsupported("ALSA plays whole-hertz rates up to 768000 Hz, not 1000000.0 Hz")) {
            try output.configure(sampleRate: 1_000_000, channels: 2, framesPerBuffer: 512)
        }
        #expect(throws: AudioError.unsupported("the ALSA output plays at most 64 channels, not 65")) {
            try output.configure(sampleRate: 48_000, channels: 65, framesPerBuffer: 512)
        }
    }

    @Test("bad options are invalidArgument at configure")
    func badOptions() {
        func configure(_ output: ALSAOutput) throws(AudioError) { try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512) }
        #expect(throws: AudioError.invalidArgument("the ALSA device name is empty")) { try configure(ALSAOutput(device: "")) }
        #expect(throws: AudioError.invalidArgument("no sample format is acceptable to the ALSA output")) {
            try configure(ALSAOutput(device: "x", sampleFormats: []))
        }
        #expect(throws: AudioError.invalidArgument("an ALSA buffer of 1 periods is outside 2...64")) { try configure(ALSAOutput(device: "x", bufferPeriods: 1)) }
        #expect(throws: AudioError.invalidArgument("an ALSA period of 0 frames is outside 1...65536")) { try configure(ALSAOutput(device: "x", periodFrames: 0)) }
        #expect(throws: AudioError.invalidArgument("an ALSA period of -8 frames is outside 1...65536")) { try configure(ALSAOutput(device: "x", periodFrames: -8)) }
        #expect(throws: AudioError.invalidArgument("an ALSA queue of 0 buffers is outside 1...64")) { try configure(ALSAOutput(device: "x", queueBuffers: 0)) }
    }

    @Test("render and start before configure, and render before start or after stop, are invalidState")
    func useBeforeConfigureOrStart() throws {
        let output = ALSAOutput.testing(FakePCM())
        #expect(throws: AudioError.invalidState("the ALSA output is not configured")) { try output.render([0, 0], frameCount: 1) }
        #expect(throws: AudioError.invalidState("the ALSA output is not configured")) { try output.start() }
        output.stop()
        output.flush()
        try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 4)
        #expect(throws: AudioError.invalidState("the ALSA output is not started")) { try output.render([0, 0], frameCount: 1) }
        try output.start()
        #expect(throws: AudioError.invalidState("the ALSA output is playing; stop it before configuring")) {
            try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 4)
        }
        output.stop()
        #expect(throws: AudioError.invalidState("the ALSA output is not started")) { try output.render([0, 0], frameCount: 1) }
    }

    @Test("too few samples and negative frame counts are invalidArgument; zero frames take nothing")
    func badBuffers() throws {
        let output = ALSAOutput.testing(FakePCM())
        try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 4)
        try output.start()
        defer { output.stop() }
        #expect(throws: AudioError.invalidArgument("3 samples do not hold 2 frames of 2 channels")) { try output.render([0, 0, 0], frameCount: 2) }
        #expect(throws: AudioError.invalidArgument("4 samples do not hold -1 frames of 2 channels")) { try output.render([0, 0, 0, 0], frameCount: -1) }
        #expect(throws: AudioError.invalidArgument("2 samples do not hold \(Int.max) frames of 2 channels")) { try output.render([0, 0], frameCount: .max) }
        #expect(try output.render([], frameCount: 0) == 0)
    }

    @Test("an output that pulls from its source refuses pushed buffers")
    func pullingOutputRefusesRender() throws {
        let output = ALSAOutput.testing(FakePCM(), source: FiniteSignalSource([], channels: 1))
        try output.configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 8)
        try output.start()
        defer { output.stop() }
        #expect(throws: AudioError.invalidState("the ALSA output pulls from its render source; render is for outputs that are pushed to")) {
            try output.render([0], frameCount: 1)
        }
    }

    @Test("the mixer source fills nothing for a buffer too small, a count below 1 or channels that do not match")
    func mixerSourceBadBuffers() throws {
        let source = MixerRenderSource(mixer: try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 64), world: World()))
        var small = [Float](repeating: 1, count: 10)
        #expect(source.render(into: &small, frameCount: 6) == 0)
        #expect(source.render(into: &small, frameCount: 0) == 0)
        #expect(source.render(into: &small, frameCount: -1) == 0)
        #expect(small == [Float](repeating: 1, count: 10), "nothing was written")
        var exact = [Float](repeating: 1, count: 10)
        #expect(source.render(into: &exact, frameCount: 5) == 5)
        #expect(exact == [Float](repeating: 0, count: 10), "no voice: silence")
    }
}
