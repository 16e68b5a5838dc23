import Foundation
import Observation
import Synchronization
import Platform
import Testing
import Audio

@Suite("Audio player: playlist, transport, repeat, ReplayGain, Free/Pro")
@MainActor
/// The player's playlist, transport, repeat, ReplayGain and format rules.
struct AudioPlayerTests {
    @Test("load reads tags, falls back to the file name, and skips files it may not play")
    func loadAndGate() async {
        let fixture = await PlayerFixture()
        await fixture.load("a.wav", "c.aiff", "d.flac", "e.wma", "f.ogg", "missing.wav", "b.mp3")
        #expect(fixture.titles == ["Alpha", "c", "Foxtrot", "Bravo"], "Ogg is a free format; FLAC needs Pro; WMA is in neither set")
        #expect(fixture.player.playlist.tracks[0].artist == "Ann")
        #expect(fixture.player.playlist.tracks[0].album == "First")
        #expect(fixture.player.playlist.tracks[0].duration == 1)
        #expect(fixture.player.lastError == .failedToOpenFile, "the last failure, missing.wav, is kept")
        #expect(fixture.player.playbackState == .idle)

        await fixture.load("d.flac")
        #expect(fixture.player.lastError == .unsupportedFormat)
        #expect(fixture.titles.count == 4)
    }

    @Test("Pro adds FLAC but not formats outside both sets; a refresh to Pro replaces the service")
    func proGating() async {
        let pro = await PlayerFixture(isProUser: true)
        await pro.load("d.flac", "e.wma")
        #expect(pro.titles == ["Delta"])
        #expect(pro.player.lastError == .unsupportedFormat)

        let free = await PlayerFixture()
        #expect(!free.player.isProUser)
        let before = free.player.playbackService
        free.entitlements.grant(true)
        await free.player.refreshEntitlements()
        #expect(free.player.isProUser)
        #expect(free.player.playbackService !== before)
        await free.load("d.flac")
        #expect(free.titles == ["Delta"])
        #expect(FormatPolicy(isProUser: false).allowedFormats == ["mp3", "aac", "m4a", "wav", "aiff", "aif", "alac", "ogg", "oga", "opus"])
        #expect(FormatPolicy.audioExtensions.isSuperset(of: FormatPolicy(isProUser: true).allowedFormats.union(["wma"])))
        #expect(FreeEntitlements().isProUser == false)
        await #expect(throws: AudioError.unsupported("purchases are not available in this build")) { try await FreeEntitlements().purchasePro() }
        #expect(throws: AudioError.unsupported("x.FLAC: .flac needs Pro")) { try FormatPolicy(isProUser: false).check(URL(fileURLWithPath: "/x.FLAC")) }
    }

    @Test("the decoder is gated too: a Free service refuses FLAC even when asked directly")
    func serviceGate() async throws {
        let service = CoreFactory(decoder: { SyntheticDecoder() }, output: { RecordingOutput() }, clock: ManualClock(), pumpInterval: nil)
            .makePlaybackService(isProUser: false)
        await #expect(throws: AudioError.unsupported("d.flac: .flac needs Pro")) { try await service.load(url: PlayerFixture.url("d.flac")) }
    }

    @Test("moveTrack follows IndexSet semantics and rejects offsets out of range without changing anything")
    func moves() async throws {
        let fixture = await PlayerFixture(isProUser: true)
        await fixture.load("a.wav", "b.mp3", "c.aiff", "d.flac")
        try fixture.player.moveTrack(fromOffsets: [1, 3], toOffset: 0)
        #expect(fixture.titles == ["Bravo", "Delta", "Alpha", "c"])
        try fixture.player.moveTrack(fromOffsets: [0], toOffset: 4)
        #expect(fixture.titles == ["Delta", "Alpha", "c", "Bravo"])
        try fixture.player.moveTrack(fromOffsets: [0, 1], toOffset: 2)
        #expect(fixture.titles == ["Delta", "Alpha", "c", "Bravo"])
        try fixture.player.moveTrack(fromOffsets: [3], toOffset: 1)
        #expect(fixture.titles == ["Delta", "Bravo", "Alpha", "c"])
        try fixture.player.moveTrack(fromOffsets: [], toOffset: 0)
        #expect(throws: PlaybackError.invalidArgument("offset 4 is outside the playlist's 4 tracks")) {
            try fixture.player.moveTrack(fromOffsets: [0, 4], toOffset: 0)
        }
        #expect(throws: PlaybackError.invalidArgument("destination 5 is outside 0…4")) { try fixture.player.moveTrack(fromOffsets: [0], toOffset: 5) }
        #expect(throws: PlaybackError.invalidArgument("destination -1 is outside 0…4")) { try fixture.player.moveTrack(fromOffsets: [0], toOffset: -1) }
        #expect(fixture.player.lastError == .invalidArgument("destination -1 is outside 0…4"))
        #expect(fixture.titles == ["Delta", "Bravo", "Alpha", "c"])
    }

    @Test("sorting by a key and back to insertion order")
    func sorting() async {
        let fixture = await PlayerFixture()
        await fixture.load("b.mp3", "c.aiff", "a.wav")
        fixture.player.sortPlaylist(by: .title)
        #expect(fixture.titles == ["Alpha", "Bravo", "c"])
        fixture.player.sortPlaylist(by: .title, ascending: false)
        #expect(fixture.titles == ["c", "Bravo", "Alpha"])
        #expect(fixture.player.playlist.sortKey == .title && !fixture.player.playlist.sortAscending)
        fixture.player.sortPlaylist(by: .insertionOrder)
        #expect(fixture.titles == ["Bravo", "c", "Alpha"])
        fixture.player.sortPlaylist(by: .artist, ascending: false)
        #expect(fixture.titles == ["Alpha", "Bravo", "c"], "Ann first descending; equal (empty) artists keep their order")
    }

    @Test("titles sort with numbers by value and case aside")
    func naturalTitleOrder() {
        let titles = ["Track 100", "track 10", "Track 2", "Track 1", "Track 20b", "Track 20a"]
        var playlist = Playlist(name: "n", tracks: titles.map { Track(url: URL(fileURLWithPath: "/\($0)"), title: $0) })
        playlist.sort(by: .title)
        #expect(playlist.tracks.map(\.title) == ["Track 1", "Track 2", "track 10", "Track 20a", "Track 20b", "Track 100"])
        playlist.sort(by: .title, ascending: false)
        #expect(playlist.tracks.map(\.title) == ["Track 100", "Track 20b", "Track 20a", "track 10", "Track 2", "Track 1"])
    }

    @Test("removing tracks: the current one stops playback, an unknown one is invalidArgument; clear empties and idles")
    func removeAndClear() async throws {
        let fixture = await PlayerFixture()
        await fixture.load("a.wav", "b.mp3")
        await fixture.player.play()
        #expect(fixture.player.playbackState == .playing)
        let current = try #require(fixture.player.currentTrack)
        try await fixture.player.removeTrack(current.id)
        #expect(fixture.player.playbackState == .stopped)
        #expect(fixture.player.currentTrack == nil)
        #expect(await fixture.player.playbackService.state == .stopped)
        let unknown = UUID()
        await #expect(throws: PlaybackError.invalidArgument("no track \(unknown) in the playlist")) { try await fixture.player.removeTrack(unknown) }
        await fixture.player.clearPlaylist()
        #expect(fixture.player.playlist.isEmpty)
        #expect(fixture.player.playbackState == .idle)
    }

    @Test("play, pause, seek and stop, with the position from the service on the virtual clock")
    func transport() async throws {
        let fixture = await PlayerFixture()
        await fixture.player.play()
        #expect(fixture.player.lastError == .invalidState("the playlist is empty"))
        #expect(fixture.player.playbackState == .idle)
        await fixture.load("a.wav", "b.mp3")
        await fixture.player.play()
        #expect(fixture.player.currentTrack?.title == "Alpha")
        #expect(fixture.player.duration == 1)
        await fixture.run(seconds: 0.5)
        #expect(fixture.player.currentTime == 0.5)
        await fixture.player.pause()
        #expect(fixture.player.playbackState == .paused)
        await fixture.run(seconds: 0.25)
        #expect(fixture.player.currentTime == 0.5)
        await fixture.player.seek(to: 0.25)
        #expect(fixture.player.currentTime == 0.25)
        await fixture.player.seek(to: -1)
        #expect(fixture.player.lastError == .invalidArgument("seek time -1.0 s is outside 0…1.0 s"))
        await fixture.player.seek(to: .nan)
        #expect(fixture.player.lastError == .invalidArgument("seek time nan s is outside 0…1.0 s"))
        #expect(fixture.player.playbackState == .paused)
        await fixture.player.play()
        #expect(fixture.player.playbackState == .playing)
        await fixture.run(seconds: 0.25)
        #expect(fixture.player.currentTime == 0.5, "resumed from the sought position")
        await fixture.player.stop()
        #expect(fixture.player.playbackState == .stopped)
        #expect(fixture.player.currentTime == 0)
    }

    @Test("next wraps to the first track; previous goes back, and on the first track seeks to 0")
    func nextAndPrevious() async {
        let fixture = await PlayerFixture()
        await fixture.load("a.wav", "b.mp3", "c.aiff")
        await fixture.player.next()
        #expect(fixture.player.currentTrack?.title == "Alpha")
        await fixture.player.next()
        await fixture.player.next()
        #expect(fixture.player.currentTrack?.title == "c")
        await fixture.player.next()
        #expect(fixture.player.currentTrack?.title == "Alpha")
        await fixture.run(seconds: 0.5)
        await fixture.player.previous()
        #expect(fixture.player.currentTrack?.title == "Alpha")
        #expect(fixture.player.currentTime == 0)
        #expect(fixture.player.playbackState == .playing)
        await fixture.player.next()
        await fixture.player.previous()
        #expect(fixture.player.currentTrack?.title == "Alpha")
    }

    @Test("completion by the poll: off plays on and stops after the last, all wraps, one repeats", arguments: RepeatMode.allCases)
    func completion(mode: RepeatMode) async {
        let fixture = await PlayerFixture()
        await fixture.load("a.wav", "b.mp3")
        fixture.player.setRepeatMode(mode)
        await fixture.player.play(trackID: fixture.player.playlist.tracks[1].id)
        // 1 s of audio, two buffers of drain (0.256 s), then the next 0.25 s poll.
        await fixture.run(seconds: 1.5)
        switch mode {
        case .off:
            #expect(fixture.player.playbackState == .stopped)
            #expect(fixture.player.currentTrack?.title == "Bravo")
        case .all:
            #expect(fixture.player.playbackState == .playing)
            #expect(fixture.player.currentTrack?.title == "Alpha")
        case .one:
            #expect(fixture.player.playbackState == .playing)
            #expect(fixture.player.currentTrack?.title == "Bravo")
        }
        if mode != .off { #expect(fixture.player.currentTime < 0.5, "the following track started from the beginning") }
    }

    @Test("a track that cannot be opened when its turn comes is passed over, and a broken list ends without looping")
    func brokenTracksArePassedOver() async throws {
        let fixture = await PlayerFixture()
        await fixture.load("a.wav", "b.mp3", "f.ogg")
        let broken = try #require(fixture.player.playlist.tracks.first { $0.title == "Bravo" })
        fixture.decoder.update { $0.missingNames = ["b.mp3"] }
        await fixture.player.play(trackID: fixture.player.playlist.tracks[0].id)
        await fixture.run(seconds: 1.5)
        #expect(fixture.player.currentTrack?.title == "Foxtrot", "the deleted track is passed over")
        #expect(fixture.player.playbackState == .playing)
        #expect(fixture.player.lastError == .failedToOpenFile)
        #expect(fixture.player.failedTracks == [broken.id: .failedToOpenFile])

        // Every track gone: repeat-all tries each once and stops in the error.
        fixture.player.setRepeatMode(.all)
        fixture.decoder.update { $0.missingNames = ["a.wav", "b.mp3", "f.ogg"] }
        await fixture.run(seconds: 1.5)
        #expect(fixture.player.playbackState == .error(.failedToOpenFile))
        #expect(fixture.player.failedTracks.count == 3)

        // A file that comes back plays again and leaves the list.
        fixture.decoder.update { $0.missingNames = [] }
        await fixture.player.play(trackID: broken.id)
        #expect(fixture.player.playbackState == .playing && fixture.player.failedTracks[broken.id] == nil)
    }

    @Test("repeat modes cycle off → all → one → off")
    func repeatCycle() async {
        let fixture = await PlayerFixture()
        var seen: [RepeatMode] = [fixture.player.repeatMode]
        for _ in 0..<3 {
            fixture.player.cycleRepeatMode()
            seen.append(fixture.player.repeatMode)
        }
        #expect(seen == [.off, .all, .one, .off])
    }

    @Test("ReplayGain volume is min(1, volume × 10^(dB/20)), and NaN or out-of-range volumes clamp")
    func replayGain() async throws {
        let fixture = await PlayerFixture()
        let quiet = Track(url: PlayerFixture.url("a.wav"), title: "q", replayGainDecibels: -6)
        let loud = Track(url: PlayerFixture.url("a.wav"), title: "l", replayGainDecibels: 6)
        #expect(abs(fixture.player.effectiveVolume(for: quiet) - 0.501_187) < 1e-5)
        #expect(fixture.player.effectiveVolume(for: loud) == 1)
        await fixture.player.setVolume(0.4)
        #expect(abs(fixture.player.effectiveVolume(for: loud) - 0.798_105) < 1e-5)
        #expect(fixture.player.effectiveVolume(for: nil) == 0.4)
        #expect(fixture.output.snapshot.volumes.last == 0.4)
        await fixture.player.setVolume(.nan)
        #expect(fixture.player.volume == 0)
        await fixture.player.setVolume(7)
        #expect(fixture.player.volume == 1)
    }

    @Test("state changes are observable, and view preferences toggle")
    func observation() async {
        let fixture = await PlayerFixture()
        await fixture.load("a.wav")
        let changed = ObservedFlag()
        withObservationTracking {
            _ = fixture.player.playbackState
        } onChange: {
            changed.set()
        }
        await fixture.player.play()
        #expect(changed.value)

        #expect(fixture.player.viewPreferences == ViewPreferences(isWaveformVisible: true, isPlaylistVisible: true, layoutPreset: .standard))
        fixture.player.toggleWaveformVisibility()
        fixture.player.togglePlaylistVisibility()
        fixture.player.setLayoutPreset(.waveformFocused)
        #expect(fixture.player.viewPreferences == ViewPreferences(isWaveformVisible: false, isPlaylistVisible: false, layoutPreset: .waveformFocused))
    }
}

/// A flag set from an observation callback.
final class ObservedFlag: Sendable {
    private let flag = Locked(false)
    /// Raises the flag.
    func set() { flag.withLock { $0 = true } }
    /// Whether the flag was raised.
    var value: Bool { flag.withLock { $0 } }
}
