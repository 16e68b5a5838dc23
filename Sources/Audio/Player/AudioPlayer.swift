import Foundation
import Observation

/// The music player, without SwiftUI: a playlist, transport controls, repeat modes, ReplayGain and
/// Free/Pro format rules over a ``PlaybackService``.
///
/// State is observable with Observation (`withObservationTracking`, or SwiftUI's `@Observable`
/// support). Operations are `async` so callers can await their effect; failures are mapped to
/// ``PlaybackError`` and kept in ``lastError``. Argument and state errors leave
/// ``playbackState`` alone; failures to open, decode or output move it to `error`.
///
/// Completion is detected by ``pollPlayback()``, which ``startPolling()`` runs every 0.25 s: when
/// the service reports `stopped` while the player is playing, the track has ended (the service's
/// `buffering` drain is ignored), and the repeat mode picks what plays next.
@MainActor
@Observable
public final class AudioPlayer {
    /// The interval of ``startPolling()``.
    public static let pollInterval: Duration = .milliseconds(250)

    /// What the player is doing.
    public private(set) var playbackState: PlaybackState = .idle
    /// The selected track.
    public private(set) var currentTrack: Track?
    /// The position in the current track, refreshed by ``pollPlayback()``.
    public private(set) var currentTime: TimeInterval = 0
    /// The current track's length.
    public private(set) var duration: TimeInterval = 0
    /// The tracks.
    public private(set) var playlist = Playlist(name: "Session")
    /// What the views show.
    public private(set) var viewPreferences = ViewPreferences()
    /// The last failure.
    public private(set) var lastError: PlaybackError?
    /// The tracks that could not be opened when their turn came (deleted or damaged since they
    /// were listed), with the failure: the playlist passed over them. A track leaves the list
    /// when it plays again.
    public private(set) var failedTracks: [Track.ID: PlaybackError] = [:]
    /// Whether Pro formats are allowed.
    public private(set) var isProUser: Bool
    /// What happens when a track ends.
    public private(set) var repeatMode: RepeatMode = .off
    /// The user's volume in [0, 1], before ReplayGain.
    public private(set) var volume: Float = 1
    /// Which of a file's ReplayGain values are applied: the track's (the default) or the album's.
    public private(set) var replayGainMode: ReplayGainMode = .track

    /// The playback service the player drives.
    @ObservationIgnored public private(set) var playbackService: DefaultPlaybackService
    @ObservationIgnored private let factory: CoreFactory
    @ObservationIgnored private let tagReader: any TagReaderService
    @ObservationIgnored private let entitlements: any Entitlements
    @ObservationIgnored private var loadedTrackID: Track.ID?
    @ObservationIgnored private var pollTask: Task<Void, Never>?

    /// Creates an idle player whose services come from `factory`, for the entitlements' user.
    public init(factory: CoreFactory, entitlements: any Entitlements) async {
        let isPro = await entitlements.isProUser
        self.factory = factory
        self.entitlements = entitlements
        isProUser = isPro
        tagReader = factory.makeTagReaderService()
        playbackService = factory.makePlaybackService(isProUser: isPro)
    }

    // MARK: Entitlements

    /// Refreshes the entitlements; when Pro changes, playback stops and a service with the new
    /// format rules replaces the old one.
    public func refreshEntitlements() async {
        await entitlements.refreshEntitlements()
        let isPro = await entitlements.isProUser
        guard isPro != isProUser else { return }
        await playbackService.stop()
        isProUser = isPro
        playbackService = factory.makePlaybackService(isProUser: isPro)
        loadedTrackID = nil
        if currentTrack != nil { playbackState = .stopped }
        currentTime = 0
    }

    // MARK: Playlist

    /// Adds a track for each URL, with its tags; a URL whose format the user may not play (by
    /// its content, see ``FormatPolicy/format(of:)``), or whose tags cannot be read, is skipped
    /// and reported in ``lastError``.
    public func load(urls: [URL]) async {
        let policy = factory.formatPolicy(isProUser: isProUser)
        for url in urls {
            do throws(AudioError) {
                // The check reads the file's first bytes: off the main actor.
                try await Task.detached { Result { () throws(AudioError) in try policy.check(url) } }.value.get()
                playlist.append(try await tagReader.readMetadata(for: url))
            } catch {
                lastError = PlaybackError(error)
            }
        }
    }

    /// Stops playback and empties the playlist.
    public func clearPlaylist() async {
        await playbackService.stop()
        playlist.removeAll()
        currentTrack = nil
        loadedTrackID = nil
        currentTime = 0
        duration = 0
        playbackState = .idle
    }

    /// Removes a track; removing the current one stops playback.
    ///
    /// - Throws: ``PlaybackError/invalidArgument(_:)`` when no track has that identity.
    public func removeTrack(_ trackID: Track.ID) async throws(PlaybackError) {
        do {
            try playlist.remove(trackID)
        } catch {
            lastError = error
            throw error
        }
        guard currentTrack?.id == trackID else { return }
        await playbackService.stop()
        currentTrack = nil
        loadedTrackID = nil
        currentTime = 0
        duration = 0
        playbackState = .stopped
    }

    /// Moves tracks with `IndexSet` semantics; see ``Playlist/move(fromOffsets:toOffset:)``.
    ///
    /// - Throws: ``PlaybackError/invalidArgument(_:)`` for an offset or destination out of
    ///   range; the playlist is unchanged.
    public func moveTrack(fromOffsets offsets: IndexSet, toOffset destination: Int) throws(PlaybackError) {
        do {
            try playlist.move(fromOffsets: offsets, toOffset: destination)
        } catch {
            lastError = error
            throw error
        }
    }

    /// Sorts the playlist; see ``Playlist/sort(by:ascending:)``.
    public func sortPlaylist(by key: PlaylistSortKey, ascending: Bool = true) {
        playlist.sort(by: key, ascending: ascending)
    }

    // MARK: Transport

    /// Resumes the paused current track, or plays the current (else the first) track from the
    /// start; an empty playlist is an ``PlaybackError/invalidState(_:)``.
    public func play() async {
        guard let track = currentTrack ?? playlist.tracks.first else {
            report(.invalidState("the playlist is empty"))
            return
        }
        if loadedTrackID == track.id, await playbackService.state == .paused {
            do {
                try await playbackService.play()
                playbackState = .playing
            } catch {
                report(outputError(error))
            }
            return
        }
        await play(trackID: track.id)
    }

    /// Loads the track with identity `trackID`, applies the volume with its ReplayGain, and
    /// plays it from the start.
    public func play(trackID: Track.ID) async {
        _ = await start(trackID: trackID)
    }

    /// ``play(trackID:)``; whether the track plays. A track that cannot be opened is kept in
    /// ``failedTracks``.
    private func start(trackID: Track.ID) async -> Bool {
        guard let index = playlist.index(of: trackID) else {
            report(.invalidArgument("no track \(trackID) in the playlist"))
            return false
        }
        let track = playlist.tracks[index]
        currentTrack = track
        loadedTrackID = nil
        currentTime = 0
        playbackState = .loading
        do {
            try await playbackService.load(url: track.url)
        } catch {
            duration = 0
            failedTracks[track.id] = PlaybackError(error)
            report(PlaybackError(error))
            return false
        }
        failedTracks[track.id] = nil
        loadedTrackID = track.id
        duration = await playbackService.duration()
        await playbackService.setVolume(effectiveVolume(for: track))
        do {
            try await playbackService.play()
            playbackState = .playing
            return true
        } catch {
            report(outputError(error))
            return false
        }
    }

    /// Pauses; a no-op unless playing.
    public func pause() async {
        await playbackService.pause()
        currentTime = await playbackService.currentTime()
        if playbackState == .playing { playbackState = .paused }
    }

    /// Stops and rewinds to 0.
    public func stop() async {
        await playbackService.stop()
        currentTime = 0
        if currentTrack != nil { playbackState = .stopped }
    }

    /// Moves to `seconds` in the current track; errors (no track, outside 0…duration, NaN) go
    /// to ``lastError``.
    public func seek(to seconds: TimeInterval) async {
        do {
            try await playbackService.seek(to: seconds)
            currentTime = await playbackService.currentTime()
        } catch {
            report(PlaybackError(error))
        }
    }

    /// Plays the next track; after the last it wraps to the first, whatever the repeat mode.
    public func next() async {
        guard !playlist.isEmpty else {
            report(.invalidState("the playlist is empty"))
            return
        }
        let index = currentTrack.flatMap { playlist.index(of: $0.id) } ?? -1
        await play(trackID: playlist.tracks[(index + 1) % playlist.tracks.count].id)
    }

    /// Plays the previous track; on the first track it seeks to 0 instead (or plays the first
    /// track when nothing is loaded).
    public func previous() async {
        guard !playlist.isEmpty else {
            report(.invalidState("the playlist is empty"))
            return
        }
        let index = currentTrack.flatMap { playlist.index(of: $0.id) } ?? 0
        if index > 0 {
            await play(trackID: playlist.tracks[index - 1].id)
        } else if loadedTrackID == playlist.tracks[0].id, playbackState == .playing || playbackState == .paused {
            await seek(to: 0)
        } else {
            await play(trackID: playlist.tracks[0].id)
        }
    }

    /// Sets the user's volume, clamped to [0, 1] with NaN as 0; the service gets it with the
    /// current track's ReplayGain.
    public func setVolume(_ volume: Float) async {
        self.volume = volume.isNaN ? 0 : min(max(volume, 0), 1)
        await playbackService.setVolume(effectiveVolume(for: currentTrack))
    }

    /// The gain for `track`: `min(1, volume × g)` with `g = 10^(dB/20)`, lowered to `1/peak`
    /// when that is smaller (``ReplayGain/scale(volume:decibels:peak:)``).
    ///
    /// The dB are the caller's ``Track/replayGainDecibels`` when set (an explicit setting wins),
    /// else the file's gain for ``replayGainMode`` (``ReplayGain/values(for:)``: the track gain,
    /// or the album gain in album mode, each falling back to the other). The peak is the file's
    /// for the same mode, and limits the caller's gain too. With neither it is the volume.
    public func effectiveVolume(for track: Track?) -> Float {
        let file = track?.replayGain?.values(for: replayGainMode)
        return ReplayGain.scale(volume: volume, decibels: track?.replayGainDecibels ?? file?.gain, peak: file?.peak)
    }

    /// Chooses the track's or the album's ReplayGain values and reapplies the current track's gain.
    public func setReplayGainMode(_ mode: ReplayGainMode) async {
        replayGainMode = mode
        await playbackService.setVolume(effectiveVolume(for: currentTrack))
    }

    /// Moves to the next repeat mode (off → all → one → off).
    public func cycleRepeatMode() {
        repeatMode = repeatMode.next
    }

    /// Sets the repeat mode.
    public func setRepeatMode(_ mode: RepeatMode) {
        repeatMode = mode
    }

    // MARK: Polling

    /// Refreshes the position and detects the end of the track; what ``startPolling()`` runs
    /// every 0.25 s. A service that paused at the end of its playback range makes the player
    /// paused; a service error while playing is reported.
    public func pollPlayback() async {
        let state = await playbackService.state
        currentTime = await playbackService.currentTime()
        guard playbackState == .playing else { return }
        switch state {
        case .stopped:
            await finishTrack()
        case .paused:
            playbackState = .paused
        case .error(let error):
            report(PlaybackError(error))
        case .playing, .buffering:
            return
        }
    }

    /// Runs ``pollPlayback()`` every ``pollInterval`` until ``stopPolling()`` or the player goes away.
    public func startPolling() {
        guard pollTask == nil else { return }
        pollTask = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: AudioPlayer.pollInterval)
                guard let player = self else { return }
                await player.pollPlayback()
            }
        }
    }

    /// Stops the polling started by ``startPolling()``.
    public func stopPolling() {
        pollTask?.cancel()
        pollTask = nil
    }

    // MARK: View preferences

    /// Shows or hides the waveform.
    public func toggleWaveformVisibility() {
        viewPreferences.isWaveformVisible.toggle()
    }

    /// Shows or hides the playlist.
    public func togglePlaylistVisibility() {
        viewPreferences.isPlaylistVisible.toggle()
    }

    /// Sets the layout.
    public func setLayoutPreset(_ preset: LayoutPreset) {
        viewPreferences.layoutPreset = preset
    }

    // MARK: Private

    /// Plays what the repeat mode says after the current track ended: the same track (one), the
    /// next with wrap-around (all), the next or stop after the last (off). A track that cannot
    /// be opened is passed over for the one after it, as far as the mode goes (every track once
    /// at most, so a broken list ends in the error of its last track rather than a loop); the
    /// failure stays in ``lastError`` and ``failedTracks``.
    private func finishTrack() async {
        guard let track = currentTrack, let index = playlist.index(of: track.id) else {
            playbackState = .stopped
            return
        }
        let count = playlist.tracks.count
        let candidates: [Int] = switch repeatMode {
        case .one: [index]
        case .all: (1...count).map { (index + $0) % count }
        case .off: Array((index + 1)..<count)
        }
        guard !candidates.isEmpty else {
            playbackState = .stopped
            currentTime = 0
            return
        }
        for candidate in candidates where await start(trackID: playlist.tracks[candidate].id) { return }
    }

    /// Keeps `error` in ``lastError``; failures other than state and argument errors also put
    /// the player in `error`.
    private func report(_ error: PlaybackError) {
        lastError = error
        switch error {
        case .invalidState, .invalidArgument: break
        default: playbackState = .error(error)
        }
    }

    /// The player's error for a failure to start playback: an I/O failure there is the output's.
    private func outputError(_ error: AudioError) -> PlaybackError {
        if case .ioError = error { return .outputError }
        return PlaybackError(error)
    }
}
