import CSndFile
import Foundation

/// A ``DecoderPort`` over libsndfile: every format the installed library reads (WAV in 8, 16,
/// 24 and 32-bit integer and float, AIFF, FLAC, Ogg Vorbis, Opus, MP3 and more).
///
/// Each ``open(url:)`` gets its own libsndfile handle, opened on a worker thread with a deadline
/// (see `SndFileOpener`). Header frame counts and rates are never used to size an allocation:
/// decoding goes block by block into the caller's buffer, and the length is counted by decoding
/// when the header's count is implausible. Different handles may be read from different threads
/// at once; never read from a real-time mix thread, since decoding does I/O.
public final class SndFileDecoder: DecoderPort {
    /// How long one open may take before it fails with ``AudioError/decodeError(_:)``.
    public let openTimeout: Duration
    /// The open streams.
    private let streams = DecoderStreams<SndFileStream>()

    /// Creates a decoder whose opens give up after `openTimeout` (5 s unless given).
    public init(openTimeout: Duration = .seconds(5)) {
        self.openTimeout = openTimeout
    }

    /// Opens the file at `url`; only `file:` URLs are accepted.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` for a URL that is not a file URL, a directory or
    ///   FIFO, or a format libsndfile does not read; ``AudioError/notFound(_:)``,
    ///   ``AudioError/decodeError(_:)`` (empty, malformed, zero channels, a rate outside
    ///   1…768,000 Hz, a missed deadline) and ``AudioError/ioError(_:underlying:)``.
    public func open(url: URL) throws(AudioError) -> DecodeHandle {
        guard url.isFileURL else { throw .unsupported("\(url) is not a file URL") }
        return streams.add(try SndFileOpener.openStream(path: url.path, timeout: openTimeout))
    }

    /// Decodes up to `maxFrames` frames into `buffer`; see ``DecoderPort/read(_:into:maxFrames:)``.
    public func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        try unsafe streams.read(handle, into: buffer, maxFrames: maxFrames)
    }

    /// Moves to `seconds`, clamped to [0, duration] and rounded to the nearest frame.
    public func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) {
        try streams.seek(handle, toSeconds: seconds)
    }

    /// The stream's duration (from its counted frames), rate, channels and bit depth.
    public func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo {
        try streams.info(handle)
    }

    /// Closes the stream; closing twice or an unknown handle does nothing.
    public func close(_ handle: DecodeHandle) {
        streams.close(handle)
    }
}
