import Foundation
import Audio

/// Everything the player's screen shows, as plain values: what ``PlayerScreen`` lays out.
struct PlayerScreenState: Equatable {
    /// One track of the playlist.
    struct Row: Equatable {
        /// The title tag, or the file name.
        var title: String
        /// The artist tag, or empty.
        var artist: String
        /// The album tag, or empty.
        var album: String
        /// Seconds, when known.
        var duration: TimeInterval?
    }

    /// A line for the user under the playlist.
    struct Message: Equatable {
        /// What it says.
        var text: String
        /// Whether it reports a failure.
        var isError: Bool
    }

    /// The playlist in play order.
    var rows: [Row]
    /// The row of the current track.
    var current: Int?
    /// The row under the highlight.
    var highlight: Int?
    /// What the player is doing.
    var state: PlaybackState
    /// The position in the current track, in seconds.
    var position: TimeInterval
    /// The current track's length, in seconds.
    var duration: TimeInterval
    /// The volume in [0, 1].
    var volume: Float
    /// What happens at the end of a track.
    var repeatMode: RepeatMode
    /// What the playlist was last sorted by.
    var sortKey: PlaylistSortKey
    /// Where the audio goes.
    var output: String
    /// The last message, if any.
    var message: Message?
    /// The paths that gave no track.
    var unplayable: [UnplayableFile]
}

extension PlayerScreenState {
    /// What `player` shows now, with the highlight on the track `highlight`.
    @MainActor
    init(player: AudioPlayer, highlight: Track.ID?, output: String, message: Message?, unplayable: [UnplayableFile]) {
        let tracks = player.playlist.tracks
        self.init(
            rows: tracks.map { Row(title: $0.title, artist: $0.artist, album: $0.album, duration: $0.duration) },
            current: player.currentTrack.flatMap { player.playlist.index(of: $0.id) },
            highlight: highlight.flatMap { player.playlist.index(of: $0) },
            state: player.playbackState,
            position: player.currentTime,
            duration: player.duration,
            volume: player.volume,
            repeatMode: player.repeatMode,
            sortKey: player.playlist.sortKey,
            output: output,
            message: message,
            unplayable: unplayable)
    }
}
