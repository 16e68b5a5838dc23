import Foundation

/// A ``TagReaderPort`` that reads with one reader and, where that reader cannot read the file
/// at all (``AudioError/unsupported(_:)``), with another: by default FFmpeg's
/// (``FFmpegTagReader``, every tag FFmpeg knows) then libsndfile's (``SndFileTagReader``).
///
/// When neither reads the file, the first reader's refusal is thrown; any other error
/// (missing, damaged, unreadable), of either reader, is thrown as it is.
public struct FallbackTagReader: TagReaderPort {
    /// The reader tried first.
    private let primary: any TagReaderPort
    /// The reader tried when the first does not read the file.
    private let fallback: any TagReaderPort

    /// Reads with `primary`, then `fallback`.
    public init(_ primary: any TagReaderPort = FFmpegTagReader(), fallback: any TagReaderPort = SndFileTagReader()) {
        self.primary = primary
        self.fallback = fallback
    }

    /// The tags of the file at `url` from the first reader that reads it.
    ///
    /// - Throws: the first reader's error, unless it is ``AudioError/unsupported(_:)``; then the
    ///   second reader's, unless that is `unsupported` too, when the first one's is thrown.
    public func read(url: URL) throws(AudioError) -> TagBundle {
        do {
            return try primary.read(url: url)
        } catch .unsupported(let message) {
            do {
                return try fallback.read(url: url)
            } catch .unsupported {
                throw .unsupported(message)
            }
        }
    }
}
