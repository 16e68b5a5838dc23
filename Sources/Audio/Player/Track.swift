import Foundation

/// One entry of a playlist, with metadata from a ``TagReaderService``.
public struct Track: Identifiable, Equatable, Sendable {
    /// The track's identity in the playlist.
    public let id: UUID
    /// The file.
    public let url: URL
    /// The title tag, or the file name without its extension.
    public var title: String
    /// The artist tag, or an empty string.
    public var artist: String
    /// The album tag, or an empty string.
    public var album: String
    /// The length in seconds, when known.
    public var duration: TimeInterval?
    /// Artwork, when known.
    public var artworkURL: URL?
    /// The ReplayGain adjustment in dB set by the caller, when known; applied as
    /// `min(1, volume × 10^(dB/20))`, before the file's own gain (see
    /// ``AudioPlayer/effectiveVolume(for:)``).
    public var replayGainDecibels: Double?
    /// The ReplayGain values of the file's tags, when it has any.
    public var replayGain: ReplayGain?

    /// Creates a track.
    public init(
        id: UUID = UUID(), url: URL, title: String, artist: String = "", album: String = "",
        duration: TimeInterval? = nil, artworkURL: URL? = nil, replayGainDecibels: Double? = nil,
        replayGain: ReplayGain? = nil
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.artworkURL = artworkURL
        self.replayGainDecibels = replayGainDecibels
        self.replayGain = replayGain
    }
}
