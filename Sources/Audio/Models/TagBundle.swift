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

    /// Creates a bundle of tags.
    public init(title: String? = nil, artist: String? = nil, album: String? = nil, duration: Double? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
    }
}
