/// A picture stored inside an audio file (an MP4 `covr` atom, an ID3 `APIC` frame, a FLAC or
/// Ogg picture block), as its encoded bytes.
public struct EmbeddedArtwork: Sendable, Equatable {
    /// The encoded picture, exactly as stored in the file.
    public var data: [UInt8]
    /// Its MIME type, for example `image/jpeg` or `image/png`.
    public var mimeType: String

    /// Creates artwork from its bytes and MIME type.
    public init(data: [UInt8], mimeType: String) {
        self.data = data
        self.mimeType = mimeType
    }
}
