import Foundation
import Testing
import Audio

/// The sound-device example of docs/guides/audio.md ("The sound device (ALSA)"), compiled and
/// run as printed there, capturing to a temporary file instead of `/tmp/mix.raw`.
@Test func guideSoundDeviceExampleRuns() throws {
    let capture = ALSACapture()
    defer { capture.remove() }
    let samples = MixerFixture.sine(frequency: 440, amplitude: 0.5, rate: 48_000, frames: 4_800)

    let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512), world: World())
    let tone = try mixer.addAsset(AudioAsset(interleaved: samples, channels: 1, sampleRate: 48_000))
    let voice = try mixer.spawnVoice(asset: tone, gain: 0.5, looping: true)
    let source = MixerRenderSource(mixer: mixer)
    let output = ALSAOutput(device: capture.device, source: source)
    try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512)
    print(output.setup!.periodFrames, output.setup!.bufferFrames)  // what the device agreed to
    try output.start()
    try source.withMixer { mixer throws(AudioError) in try mixer.setGain(0.1, of: voice) }
    Thread.sleep(forTimeInterval: 0.1)
    output.stop()                                                  // drains, then the writer ends
    print(output.statistics.underruns, output.isPacedByClock, output.threadPriority!)

    #expect(output.setup?.sampleFormat == .float32 && output.setup?.periodFrames == 512 && output.setup?.bufferFrames == 2_048)
    #expect(output.isPacedByClock, "the file plugin's buffer is free again right after the first buffer")
    #expect(output.statistics.periodsWritten >= 4, "at least the device's first buffer")
    #expect(capture.bytes.count == output.statistics.framesWritten * 8)
}
