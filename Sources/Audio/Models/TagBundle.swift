/// The tags a ``TagReaderPort`` found in a file; a field is `nil` when the file has no such tag.
public struct TagBundle: Sendable, Equatable {
    /// The title tag.
    public var title: String?
    /// The artist tag.
    public var artist: String?
    /// The album tag.
    public var album: String?
    /// The length in seconds, from the frame count and the sample rate.
    public var duration: Double?
    /// The album artist tag (`album_artist`, `ALBUMARTIST`, ID3's `TPE2`, MP4's `aART`).
    public var albumArtist: String?
    /// The track's number on its disc, from a `track` tag such as `3` or `3/12`.
    public var trackNumber: Int?
    /// The number of tracks on the disc: the total of a `3/12` track tag, or `TRACKTOTAL`.
    public var trackTotal: Int?
    /// The disc's number in its set, from a `disc` tag such as `1` or `1/2`.
    public var discNumber: Int?
    /// The number of discs in the set: the total of a `1/2` disc tag, or `DISCTOTAL`.
    public var discTotal: Int?
    /// The picture embedded in the file (the front cover, usually).
    public var artwork: EmbeddedArtwork?
    /// The ReplayGain values the file carries.
    public var replayGain: ReplayGain?

    /// Creates a bundle of tags.
    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, duration: Double? = nil,
        albumArtist: String? = nil, trackNumber: Int? = nil, trackTotal: Int? = nil,
        discNumber: Int? = nil, discTotal: Int? = nil, artwork: EmbeddedArtwork? = nil, replayGain: ReplayGain? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.albumArtist = albumArtist
        self.trackNumber = trackNumber
        self.trackTotal = trackTotal
        self.discNumber = discNumber
        self.discTotal = discTotal
        self.artwork = artwork
        self.replayGain = replayGain
    }
}
