import CSndFile
import Foundation
import SnapshotTesting
import Testing
import Audio

/// The playback example of docs/guides/audio.md, compiled and run as printed there (in a
/// temporary directory, on a FLAC the test writes first).
@Test func readmeAudioExampleRuns() async throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let signal = SineSignal(sampleRate: 8_000, frames: 4_000)
    try signal.write(to: "\(directory)/tone.flac", format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16))

    let clock = ManualClock()
    let sink = AudioFileSink(path: "\(directory)/copy.wav", format: .wav16)
    let service = DefaultPlaybackService(decoder: SndFileDecoder(), audio: sink, clock: clock)
    try await service.load(url: URL(fileURLWithPath: "\(directory)/tone.flac"))
    await service.setVolume(0.5)
    try await service.play()
    while await service.state != .stopped {
        clock.advance(by: 0.05)
        await service.tick()
    }
    sink.stop()

    let decoder = SndFileDecoder()
    let handle = try decoder.open(url: URL(fileURLWithPath: "\(directory)/copy.wav"))
    defer { decoder.close(handle) }
    let copied = try decodeAll(decoder, handle, channels: 2)
    #expect(copied.count == 8_000)
    #expect(zip(copied, signal.interleaved()).allSatisfy { abs($0 - $1 * 0.5) <= 2e-4 })
}
