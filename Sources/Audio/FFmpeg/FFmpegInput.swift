import CFFmpeg
import Foundation

/// One file opened by FFmpeg's demuxer (libavformat), with a deadline on every call.
///
/// Opening checks the path (``RegularFile``), opens it through FFmpeg's `file` protocol only
/// (nothing inside the file can make FFmpeg open another protocol), lets FFmpeg's probe pick the
/// demuxer from the bytes alone (the file's name is not consulted), refuses the demuxers that
/// open further resources (``FFmpegLibrary/refusedDemuxers``), and reads the header. Every FFmpeg call made through it
/// is interrupted once ``deadline`` has passed; the owner arms it before each operation.
/// Used by one thread at a time; closed when released.
@safe
final class FFmpegInput {
    /// The path it was opened from.
    let path: String
    /// The file's size in bytes when opened.
    let byteCount: Int64
    /// The deadline installed in the demuxer and its I/O.
    let deadline = FFmpegDeadline()
    /// The demuxer's short name: the first of FFmpeg's names for it (`mov` for MP4 and M4A).
    private(set) var containerName = ""
    /// The demuxer context; nil only while opening fails.
    private var context: UnsafeMutablePointer<AVFormatContext>?
    /// The I/O context this object opened and closes itself (the demuxer uses it as custom I/O).
    private var io: UnsafeMutablePointer<AVIOContext>?

    /// Opens the regular file at `path` and reads its header within `timeout`, and with
    /// `analyse` also FFmpeg's stream analysis (which decodes a little to fill in parameters).
    ///
    /// - Throws: ``AudioError/notFound(_:)``, ``AudioError/unsupported(_:)`` (a directory or FIFO,
    ///   bytes no FFmpeg demuxer recognises, a refused demuxer), ``AudioError/decodeError(_:)``
    ///   (empty, a header the demuxer rejects, a missed deadline),
    ///   ``AudioError/ioError(_:underlying:)`` when FFmpeg cannot open the file.
    init(path: String, timeout: Duration, analyse: Bool) throws(AudioError) {
        FFmpegLibrary.prepare()
        self.path = path
        byteCount = try RegularFile.size(at: path)
        deadline.arm(timeout)
        // "file:" keeps a path with a colon from naming another protocol.
        let url = "file:" + path
        // SAFETY: the callback points at the deadline, which outlives every context it is
        // installed in; `io`, `callback` and `options` are live for the call, and FFmpeg
        // copies the callback and the options it takes.
        var callback = unsafe deadline.callback
        var options = unsafe Self.fileOnlyOptions()
        let opened = unsafe avio_open2(&io, url, AVIO_FLAG_READ, &callback, &options)
        unsafe av_dict_free(&options)
        guard opened >= 0 else {
            throw failure(opened, otherwise: .ioError(
                "\(path) cannot be opened by FFmpeg: \(FFmpegLibrary.message(opened))", underlying: POSIXError(POSIXErrorCode(rawValue: -opened) ?? .EIO)))
        }
        var format: UnsafePointer<AVInputFormat>?
        // SAFETY: `io` is open; the probe reads from it and rewinds it, and stores a pointer to
        // a static demuxer description in `format`. An empty name gives the probe no extension
        // to go by: the bytes alone choose the demuxer.
        let probed = unsafe av_probe_input_buffer2(io, &format, "", nil, 0, 0)
        guard probed >= 0, let format = unsafe format else {
            throw failure(probed, otherwise: .unsupported("\(path): not a format FFmpeg reads"))
        }
        // SAFETY: a demuxer's name is a static string.
        let names = unsafe String(cString: format.pointee.name)
        containerName = String(names.split(separator: ",").first ?? Substring(names))
        guard Set(names.split(separator: ",").map(String.init)).isDisjoint(with: FFmpegLibrary.refusedDemuxers) else {
            throw .unsupported("\(path): FFmpeg reads it as \(names), a format that opens other files, which is refused")
        }
        try unsafe openDemuxer(url: url, format: format, analyse: analyse)
    }

    deinit {
        // SAFETY: both contexts were opened by this object; the demuxer does not close custom I/O.
        unsafe avformat_close_input(&context)
        unsafe avio_closep(&io)
    }

    /// Reads the header with the demuxer `format` from the already probed `io`.
    private func openDemuxer(url: String, format: UnsafePointer<AVInputFormat>, analyse: Bool) throws(AudioError) {
        // SAFETY: a fresh context, owned by this object from here on (freed by FFmpeg when the
        // open fails, which sets it to nil).
        guard let fresh = unsafe avformat_alloc_context() else { throw .decodeError("\(path): FFmpeg is out of memory") }
        // SAFETY: the fresh context is this object's; `io` stays open until `deinit`, after
        // the context is closed, and the deadline outlives both.
        unsafe fresh.pointee.pb = io
        unsafe fresh.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        unsafe fresh.pointee.interrupt_callback = deadline.callback
        unsafe context = fresh
        var options = unsafe Self.fileOnlyOptions()
        // SAFETY: `context` is the fresh context, `format` a static demuxer description.
        let opened = unsafe avformat_open_input(&context, url, format, &options)
        unsafe av_dict_free(&options)
        guard opened >= 0 else {
            throw failure(opened, otherwise: .decodeError(
                "\(path): FFmpeg's \(containerName) reader rejects it: \(FFmpegLibrary.message(opened))"))
        }
        guard analyse else { return }
        // SAFETY: `context` is open. A failed analysis leaves what the header gave, as
        // FFmpeg's own tools do; only a missed deadline is fatal.
        let analysed = unsafe avformat_find_stream_info(context, nil)
        if analysed == cffmpeg_error_exit() { throw timedOut() }
    }

    /// The demuxer context.
    var demuxer: UnsafeMutablePointer<AVFormatContext> {
        // SAFETY: set by a successful `init`, which is the only way to get an instance.
        unsafe context.unsafelyUnwrapped
    }

    /// The streams of the file.
    var streams: [UnsafeMutablePointer<AVStream>] {
        // SAFETY: `streams` holds `nb_streams` live stream pointers owned by the context.
        unsafe (0..<Int(demuxer.pointee.nb_streams)).compactMap { unsafe demuxer.pointee.streams[$0] }
    }

    /// Whether FFmpeg's reader has reached the end of the file.
    var isAtEnd: Bool {
        // SAFETY: `io` is open for the life of `self`.
        unsafe avio_feof(io) != 0
    }

    /// The audio stream FFmpeg picks as the file's main one (`av_find_best_stream`), and the
    /// decoder for its codec. Every other stream is discarded, so reading skips its packets.
    ///
    /// - Throws: ``AudioError/decodeError(_:)`` when the header gave no stream at all (a file
    ///   cut inside its header), ``AudioError/unsupported(_:)`` when it has streams but none of
    ///   audio, or FFmpeg has no decoder for its codec.
    func bestAudioStream() throws(AudioError) -> (stream: UnsafeMutablePointer<AVStream>, decoder: UnsafePointer<AVCodec>) {
        guard unsafe !streams.isEmpty else {
            throw .decodeError("\(path): FFmpeg's \(containerName) reader finds no stream in it (damaged or cut short)")
        }
        var decoder: UnsafePointer<AVCodec>?
        // SAFETY: `demuxer` is open; the decoder returned is a static description.
        let index = unsafe av_find_best_stream(demuxer, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
        guard index >= 0, let decoder = unsafe decoder else {
            if index == cffmpeg_error_decoder_not_found(), let codec = bestAudioCodec {
                throw .unsupported("\(path): FFmpeg has no decoder for its \(codec) audio")
            }
            throw .unsupported("\(path): FFmpeg finds no audio stream in it (read as \(containerName))")
        }
        let selected = unsafe streams[Int(index)]
        for unsafe stream in unsafe streams where unsafe stream != selected {
            // SAFETY: a live stream of the open context.
            unsafe stream.pointee.discard = AVDISCARD_ALL
        }
        return unsafe (selected, decoder)
    }

    /// The codec name of the audio stream FFmpeg would pick, else of the first audio stream
    /// (before the stream analysis FFmpeg picks none whose rate and channels the header left
    /// open, as FLAC's and MP3's do), with or without a decoder for it; nil without audio.
    var bestAudioCodec: String? {
        // SAFETY: `demuxer` is open; a stream's parameters are live while it is.
        let index = unsafe av_find_best_stream(demuxer, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        let candidates = unsafe index >= 0 ? [streams[Int(index)]] : streams
        for unsafe stream in unsafe candidates {
            guard let parameters = unsafe stream.pointee.codecpar, unsafe parameters.pointee.codec_type == AVMEDIA_TYPE_AUDIO else { continue }
            return unsafe FFmpegLibrary.codecName(parameters.pointee.codec_id)
        }
        return nil
    }

    /// The options of every open: only the `file` protocol, for this file and anything a
    /// demuxer would open on its behalf.
    private static func fileOnlyOptions() -> OpaquePointer? {
        var options: OpaquePointer?
        // SAFETY: av_dict_set copies both strings into the dictionary it creates.
        unsafe av_dict_set(&options, "protocol_whitelist", "file", 0)
        return unsafe options
    }

    /// The error for the FFmpeg code `code`: a missed deadline for `AVERROR_EXIT`, `otherwise` else.
    private func failure(_ code: Int32, otherwise: AudioError) -> AudioError {
        code == cffmpeg_error_exit() ? timedOut() : otherwise
    }

    /// The error of an operation that missed the deadline armed last.
    func timedOut() -> AudioError {
        .decodeError("FFmpeg did not finish with \(path) within \(deadline.timeout); the file is treated as damaged")
    }
}
