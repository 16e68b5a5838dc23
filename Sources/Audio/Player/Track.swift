import Foundation

/// One entry of a playlist (HarmoniaPlayer's `Track`), with metadata from a ``TagReaderService``.
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
    /// The ReplayGain adjustment in dB, when known; applied as `min(1, volume × 10^(dB/20))`.
    public var replayGainDecibels: Double?

    /// Creates a track.
    public init(
        id: UUID = UUID(), url: URL, title: String, artist: String = "", album: String = "",
        duration: TimeInterval? = nil, artworkURL: URL? = nil, replayGainDecibels: Double? = nil
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.artworkURL = artworkURL
        self.replayGainDecibels = replayGainDecibels
    }
}
