import CSndFile
import Foundation
import SnapshotTesting
import Testing
import Audio

/// The FFmpeg example of docs/guides/audio.md, compiled and run as printed there (in a temporary
/// directory, on a tagged M4A without an extension that the test writes first).
@MainActor
@Test func ffmpegGuideExampleRuns() async throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let source = "\(directory)/source.wav"
    try SineSignal(sampleRate: 44_100, frames: 22_050).write(to: source, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    try FFmpegTool.run(["-i", source, "-c:a", "aac", "-movflags", "use_metadata_tags", "-metadata", "title=Song", "-metadata", "track=2/9",
                        "-metadata", "REPLAYGAIN_TRACK_GAIN=-3 dB", "-metadata", "REPLAYGAIN_ALBUM_GAIN=-6 dB", "-f", "mp4", "\(directory)/song"])

    let decoder = RoutingDecoder()                         // libsndfile or FFmpeg, by content
    let url = URL(fileURLWithPath: "\(directory)/song")    // an M4A without an extension
    let handle = try decoder.open(url: url)
    let info = try decoder.info(handle)                    // 44.1 kHz, 2 channels, 16 bits, 0.5 s
    var block = [Float](repeating: 0, count: 4_096 * info.channels)
    let frames = try decoder.read(handle, into: &block, maxFrames: 4_096)
    decoder.close(handle)

    let tags = try FallbackTagReader().read(url: url)      // FFmpeg's metadata, libsndfile as fallback
    print(tags.title ?? "", tags.trackNumber ?? 0, tags.artwork?.mimeType ?? "", tags.replayGain?.trackGain ?? 0)

    let player = await AudioPlayer(factory: CoreFactory(), entitlements: FreeEntitlements())
    await player.load(urls: [url])                         // Free: its content is m4a
    await player.setReplayGainMode(.album)
    print(frames, player.effectiveVolume(for: player.playlist.tracks.first))

    #expect(info == StreamInfo(duration: 0.5, sampleRate: 44_100, channels: 2, bitDepth: 16))
    #expect(frames == 4_096)
    #expect(tags.title == "Song" && tags.trackNumber == 2 && tags.trackTotal == 9)
    #expect(player.playlist.tracks.map(\.title) == ["Song"])
    #expect(abs(player.effectiveVolume(for: player.playlist.tracks.first) - 0.501_187) < 1e-5, "the album's −6 dB")
}
