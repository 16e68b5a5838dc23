import CSndFile
import Foundation
import SnapshotTesting
import Testing
import Audio

@Suite("Audio player: ReplayGain from the file's tags")
@MainActor
/// The player applies the ReplayGain values it reads from the files (track or album), limited by
/// their peaks, with the caller's own setting first.
struct AudioPlayerReplayGainTests {
    /// Writes a 0.1 s FLAC named `name` with the ReplayGain tags `tags` (`KEY=value`).
    static func flac(_ name: String, tags: [String], in directory: String) throws -> URL {
        let source = "\(directory)/\(name).wav"
        try SineSignal(frames: 4_800).write(to: source, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        let path = "\(directory)/\(name).flac"
        try FFmpegTool.run(["-i", source, "-c:a", "flac"] + tags.flatMap { ["-metadata", $0] } + [path])
        return URL(fileURLWithPath: path)
    }

    @Test("track gain by default, album gain as an option, the volume on top, the peak preventing clipping")
    func appliesTheFilesGain() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let quiet = try Self.flac("quiet", tags: [
            "REPLAYGAIN_TRACK_GAIN=-6.50 dB", "REPLAYGAIN_TRACK_PEAK=1.25", "REPLAYGAIN_ALBUM_GAIN=-4.25 dB", "REPLAYGAIN_ALBUM_PEAK=0.9",
        ], in: directory)
        let loud = try Self.flac("loud", tags: ["REPLAYGAIN_TRACK_GAIN=+6.00 dB", "REPLAYGAIN_TRACK_PEAK=1.25"], in: directory)
        let plain = try Self.flac("plain", tags: [], in: directory)
        let output = RecordingOutput()
        let factory = CoreFactory(output: { output }, clock: ManualClock(), pumpInterval: nil)
        let player = await AudioPlayer(factory: factory, entitlements: TestEntitlements(isProUser: true))
        await player.load(urls: [quiet, loud, plain])
        #expect(player.playlist.tracks.map(\.title) == ["quiet", "loud", "plain"])
        #expect(player.playlist.tracks[0].replayGain == ReplayGain(trackGain: -6.5, trackPeak: 1.25, albumGain: -4.25, albumPeak: 0.9))
        #expect(player.playlist.tracks[2].replayGain == nil)

        let volume = { try #require(output.snapshot.volumes.last) }
        await player.play(trackID: player.playlist.tracks[0].id)
        #expect(player.replayGainMode == .track)
        #expect(abs(try volume() - 0.473_151) < 1e-5, "10^(−6.5/20); the peak's 1/1.25 does not bind")
        await player.setReplayGainMode(.album)
        #expect(abs(try volume() - 0.613_056) < 1e-5, "10^(−4.25/20)")
        await player.setVolume(0.5)
        #expect(abs(try volume() - 0.306_528) < 1e-5, "the volume scales the gain")
        await player.setVolume(1)
        await player.setReplayGainMode(.track)
        await player.play(trackID: player.playlist.tracks[1].id)
        #expect(abs(try volume() - 0.8) < 1e-6, "+6 dB would clip a peak of 1.25: limited to 1/1.25")
        await player.setReplayGainMode(.album)
        #expect(abs(try volume() - 0.8) < 1e-6, "no album values: the track's stand in")
        await player.setReplayGainMode(.off)
        #expect(try volume() == 1, "off: the file's gain and peak are ignored")
        await player.setReplayGainMode(.track)
        await player.play(trackID: player.playlist.tracks[2].id)
        #expect(try volume() == 1)
    }

    @Test("the caller's dB come before the file's gain; the file's peak still limits them")
    func callersSettingFirst() async {
        let fixture = await PlayerFixture()
        let url = PlayerFixture.url("a.wav")
        let file = ReplayGain(trackGain: -10, trackPeak: 2, albumGain: -1, albumPeak: 1)
        #expect(abs(fixture.player.effectiveVolume(for: Track(url: url, title: "t", replayGainDecibels: -3, replayGain: file)) - 0.5) < 1e-6,
                "−3 dB (0.708) instead of −10 dB, limited by the peak of 2")
        #expect(abs(fixture.player.effectiveVolume(for: Track(url: url, title: "t", replayGainDecibels: -3)) - 0.707_946) < 1e-5)
        #expect(abs(fixture.player.effectiveVolume(for: Track(url: url, title: "t", replayGain: file)) - 0.316_228) < 1e-5, "the file's −10 dB")
        await fixture.player.setReplayGainMode(.album)
        #expect(abs(fixture.player.effectiveVolume(for: Track(url: url, title: "t", replayGain: file)) - 0.891_251) < 1e-5, "the album's −1 dB")
    }

    @Test("the gain rule: min(1, volume × min(10^(dB/20), 1/peak)); unusable values are ignored")
    func scaleRule() {
        #expect(ReplayGain.scale(volume: 1, decibels: nil, peak: nil) == 1)
        #expect(ReplayGain.scale(volume: 0.3, decibels: nil, peak: nil) == 0.3)
        #expect(ReplayGain.scale(volume: 1, decibels: nil, peak: 2) == 0.5, "a peak above full scale limits even without a gain")
        #expect(ReplayGain.scale(volume: 1, decibels: 20, peak: nil) == 1, "never above 1")
        #expect(ReplayGain.scale(volume: 0.05, decibels: 20, peak: nil) == 0.5)
        for peak in [0, -1, Double.nan, .infinity] { #expect(ReplayGain.scale(volume: 0.5, decibels: nil, peak: peak) == 0.5, "peak \(peak)") }
        for decibels in [Double.nan, .infinity, -.infinity] { #expect(ReplayGain.scale(volume: 0.5, decibels: decibels, peak: nil) == 0.5) }
        #expect(ReplayGain(trackGain: -2).values(for: .album) == (-2, nil))
        #expect(ReplayGain(albumGain: -3, albumPeak: 0.5).values(for: .track) == (-3, 0.5))
    }
}
