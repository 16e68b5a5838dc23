import Foundation

/// A ``TagReaderPort`` over FFmpeg's metadata, for every format FFmpeg reads: title, artist,
/// album, album artist, track and disc numbers with their totals, the duration, the embedded
/// picture (bytes and MIME type, from the attached-picture stream) and ReplayGain track and
/// album gain and peak (`REPLAYGAIN_*` tags, and FFmpeg's `replaygain` side data where the tags
/// do not give them).
///
/// It opens the file as ``FFmpegDecoder`` does (the same checks, deadline and errors), so the
/// duration is the decoder's.
public struct FFmpegTagReader: TagReaderPort {
    /// How long opening the file may take before it fails with ``AudioError/decodeError(_:)``.
    public let openTimeout: Duration

    /// Creates a reader whose opens give up after `openTimeout` (5 s unless given).
    public init(openTimeout: Duration = .seconds(5)) {
        self.openTimeout = openTimeout
    }

    /// The tags of the file at `url`; a tag the file does not have is `nil`.
    ///
    /// - Throws: the errors of ``FFmpegDecoder/open(url:)``.
    public func read(url: URL) throws(AudioError) -> TagBundle {
        guard url.isFileURL else { throw .unsupported("\(url) is not a file URL") }
        return try FFmpegDecodeState(path: url.path, timeout: openTimeout).tags
    }
}
