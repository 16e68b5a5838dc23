import Foundation
import Testing
import Audio

/// The mixer example of docs/guides/audio.md ("Mixer and voices"), compiled and run as printed
/// there, on a WAV file written into a temporary directory instead of `shot.wav` in the working
/// directory.
@Test func readmeMixerExampleRuns() throws {
    let path = try WaveformTests.writeWAV(
        MixerFixture.sine(frequency: 440, amplitude: 0.5, rate: 48_000, frames: 4_800), channels: 1, rate: 48_000).path
    defer { try? FileManager.default.removeItem(atPath: path) }

    let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512), threads: 2, world: World())
    let shot = try mixer.loadAsset(key: path) {                   // decoded once, shared by its voices
        try AudioAsset.decode(url: URL(fileURLWithPath: path), decoder: SndFileDecoder())
    }
    let voice = try mixer.spawnVoice(asset: shot, gain: 0.8, pan: -0.3, startFrame: 100)  // sample-accurate
    try mixer.releaseAsset(shot)                                   // the voice keeps it alive
    var buffer = [Float](repeating: 0, count: 512 * 2)
    try mixer.mix(into: &buffer)                                   // interleaved L R L R …
    try mixer.setGain(0.2, of: voice)                              // ramps over 256 frames, no click
    try mixer.stop(voice, atFrame: 1_000)
    print(mixer.meters.peak, mixer.meters.rms)

    #expect(buffer[..<200].allSatisfy { $0 == 0 })
    #expect(mixer.meters.peak[0] > mixer.meters.peak[1])
    try mixer.mix(into: &buffer)
    #expect(try mixer.playback(of: voice).state == .stopped)
    #expect(try mixer.removeStoppedVoices() == 1)
    #expect(mixer.assetCount == 0)
}
