import Foundation

/// Reads tags from an audio file.
public protocol TagReaderPort: Sendable {
    /// The tags of the file at `url`.
    ///
    /// - Throws: the same errors as ``DecoderPort/open(url:)``.
    func read(url: URL) throws(AudioError) -> TagBundle
}
