import Platform
import Foundation

/// A ``DecoderPort`` that sends each file to the decoder that reads it, judged by content:
/// libsndfile (``SndFileDecoder``) for WAV, AIFF, FLAC, Ogg and the other containers
/// libsndfile reads, with the codecs it decodes; FFmpeg (``FFmpegDecoder``) for the rest (AAC,
/// ALAC and everything in MP4, DSD, MP3, WMA, a WAV file of AAC …), whatever the file is called.
///
/// FFmpeg's probe of the bytes names the container and the codec; a file it cannot name goes
/// to libsndfile first. When the chosen decoder answers ``AudioError/unsupported(_:)`` (it does
/// not read that content), the other one tries; when neither reads it, the first decoder's
/// error is thrown. Any other error (missing, damaged, unreadable), of either decoder, is
/// thrown as it is. MP3 goes
/// to FFmpeg, although libsndfile reads it, because libsndfile's MP3 reader writes to stderr
/// on damaged frames.
public final class RoutingDecoder: DecoderPort {
    /// The decoder of the formats libsndfile reads.
    private let libsndfile: any DecoderPort
    /// The decoder of the rest.
    private let ffmpeg: any DecoderPort
    /// The decoder that opened each open handle.
    private let owners = Locked<[DecodeHandle: any DecoderPort]>([:])

    /// Routes between `libsndfile` and `ffmpeg` (new decoders with 5 s deadlines unless given).
    public init(libsndfile: any DecoderPort = SndFileDecoder(), ffmpeg: any DecoderPort = FFmpegDecoder()) {
        self.libsndfile = libsndfile
        self.ffmpeg = ffmpeg
    }

    /// Opens `url` with the decoder its content calls for, or the other one when that one does
    /// not read it.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` for a URL that is not a file URL and when
    ///   neither decoder reads the file (the first decoder's refusal); otherwise the error of
    ///   the decoder that recognised the file.
    public func open(url: URL) throws(AudioError) -> DecodeHandle {
        guard url.isFileURL else { throw .unsupported("\(url) is not a file URL") }
        let content = FFmpegContent.probe(path: url.path)
        let order = content?.prefersLibsndfile ?? true ? [libsndfile, ffmpeg] : [ffmpeg, libsndfile]
        var refusal: AudioError?
        for decoder in order {
            do throws(AudioError) {
                let handle = try decoder.open(url: url)
                owners.withLock { $0[handle] = decoder }
                return handle
            } catch .unsupported(let message) {
                refusal = refusal ?? .unsupported(message)
            }
        }
        throw refusal ?? .unsupported("\(url.path): no decoder reads it")
    }

    /// Reads from the decoder that opened `handle`.
    public func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        try unsafe owner(handle).read(handle, into: buffer, maxFrames: maxFrames)
    }

    /// Seeks in the decoder that opened `handle`.
    public func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) {
        try owner(handle).seek(handle, toSeconds: seconds)
    }

    /// The stream information of the decoder that opened `handle`.
    public func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo {
        try owner(handle).info(handle)
    }

    /// Closes in the decoder that opened `handle`; closing twice or an unknown handle does nothing.
    public func close(_ handle: DecodeHandle) {
        owners.withLock { $0.removeValue(forKey: handle) }?.close(handle)
    }

    /// The decoder that opened `handle`.
    private func owner(_ handle: DecodeHandle) throws(AudioError) -> any DecoderPort {
        guard let decoder = owners.withLock({ $0[handle] }) else {
            throw .invalidState("the decode handle is closed or was not opened by this decoder")
        }
        return decoder
    }
}
