import CSndFile
import Foundation

/// A ``TagReaderPort`` over libsndfile: title, artist and album through `sf_get_string`, and
/// the duration from the frame count and the sample rate.
public struct SndFileTagReader: TagReaderPort {
    /// How long opening the file may take before it fails with ``AudioError/decodeError(_:)``.
    public let openTimeout: Duration

    /// Creates a reader whose opens give up after `openTimeout` (5 s unless given).
    public init(openTimeout: Duration = .seconds(5)) {
        self.openTimeout = openTimeout
    }

    /// The tags of the file at `url`; a tag the file does not have is `nil`.
    ///
    /// - Throws: the errors of ``SndFileDecoder/open(url:)``.
    public func read(url: URL) throws(AudioError) -> TagBundle {
        guard url.isFileURL else { throw .unsupported("\(url) is not a file URL") }
        let stream = try SndFileOpener.openStream(path: url.path, timeout: openTimeout)
        defer { stream.close() }
        return TagBundle(
            title: stream.string(Int32(SF_STR_TITLE)),
            artist: stream.string(Int32(SF_STR_ARTIST)),
            album: stream.string(Int32(SF_STR_ALBUM)),
            duration: Double(stream.frames) / Double(stream.format.sampleRate)
        )
    }
}
