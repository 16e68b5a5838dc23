import Foundation

/// A ``DecoderPort`` over FFmpeg (libavformat, libavcodec, libswresample): AAC, ALAC and
/// anything else in MP4/M4A, DSD (DSF and DSDIFF), MP3, Opus, Vorbis, FLAC, WMA, WAV and every
/// other format the installed FFmpeg reads, chosen by FFmpeg's probe of the bytes, not by the
/// file's extension.
///
/// It gives what ``SndFileDecoder`` gives: interleaved Float32 in [−1, 1] (NaN as 0) at the
/// file's own rate, whatever the codec's sample format (libswresample converts planar and
/// integer samples; the rate is never changed). Each ``open(url:)`` gets its own demuxer and
/// decoder. Opening (which includes counting the frames when the header's length is missing or
/// implausible) must finish within ``openTimeout``, enforced by an `AVIOInterruptCB`, and each
/// later read and seek gets as long. Channel counts, rates and lengths from headers are checked
/// before use and never size an allocation. FFmpeg's logging is silenced for the process.
///
/// Seeks land on the frame asked for and give the samples a decode from the start gives, bit
/// for bit, for PCM, FLAC, ALAC, MP3 and DSD; AAC in MP4 and Opus land on the frame within 1e-3
/// of full scale (their decoders do not rebuild the same state from a seek point). WMA (ASF)
/// seeks are approximate (about 2,000 frames off), and raw ADTS AAC has only the timestamps
/// FFmpeg estimates from its bit rate.
public final class FFmpegDecoder: DecoderPort {
    /// How long opening a file may take before it fails with ``AudioError/decodeError(_:)``;
    /// each later read and seek gets as long.
    public let openTimeout: Duration
    /// The open streams.
    private let streams = DecoderStreams<FFmpegStream>()

    /// Creates a decoder whose operations give up after `openTimeout` (5 s unless given).
    public init(openTimeout: Duration = .seconds(5)) {
        self.openTimeout = openTimeout
    }

    /// Opens the file at `url`; only `file:` URLs are accepted.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` for a URL that is not a file URL, a directory
    ///   or FIFO, bytes FFmpeg does not recognise, a file without an audio stream or a decoder
    ///   for it, a rate above 768 kHz; ``AudioError/notFound(_:)``; ``AudioError/decodeError(_:)``
    ///   (empty, a header FFmpeg rejects, no channels or more than 64, a missed deadline);
    ///   ``AudioError/ioError(_:underlying:)``.
    public func open(url: URL) throws(AudioError) -> DecodeHandle {
        guard url.isFileURL else { throw .unsupported("\(url) is not a file URL") }
        return streams.add(try FFmpegStream(path: url.path, timeout: openTimeout))
    }

    /// Decodes up to `maxFrames` frames into `buffer`; see ``DecoderPort/read(_:into:maxFrames:)``.
    public func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        try unsafe streams.read(handle, into: buffer, maxFrames: maxFrames)
    }

    /// Moves to `seconds`, clamped to [0, duration] and rounded to the nearest frame.
    public func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) {
        try streams.seek(handle, toSeconds: seconds)
    }

    /// The stream's duration (from the header, or counted), rate, channels and bit depth.
    public func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo {
        try streams.info(handle)
    }

    /// Closes the stream; closing twice or an unknown handle does nothing.
    public func close(_ handle: DecodeHandle) {
        streams.close(handle)
    }
}
