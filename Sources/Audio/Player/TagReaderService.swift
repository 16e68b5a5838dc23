import Foundation

/// Reads a file's metadata into a ``Track``.
public protocol TagReaderService: Sendable {
    /// A track for `url` with title, artist, album and duration where the file has them.
    ///
    /// - Throws: the tag reader's ``AudioError``.
    func readMetadata(for url: URL) async throws(AudioError) -> Track
}
