import CFFmpeg

/// FFmpeg's process-wide set-up and its error messages.
///
/// Before the first FFmpeg call of this library, ``prepare()`` silences FFmpeg's logging for the
/// whole process (its default callback writes every warning about a damaged file to stderr) and
/// bounds its largest single allocation, so a header that claims a huge table makes FFmpeg fail
/// with "out of memory" instead of reserving gigabytes. Both are global settings of the linked
/// FFmpeg and apply to any other FFmpeg user in the process.
enum FFmpegLibrary {
    /// The largest single allocation FFmpeg may make (`av_max_alloc`): 256 MiB, far above any
    /// table, packet or picture of a real audio file.
    static let maxAllocation = 256 << 20

    /// Demuxers this library never uses: each opens further files or network resources named
    /// inside the input (playlists, concatenation lists, image sequences, scripts, session
    /// descriptions), which a music file has no business doing.
    static let refusedDemuxers: Set<String> = [
        "hls", "applehttp", "concat", "dash", "imf", "sdp", "rtsp", "rtp", "image2", "avisynth", "vapoursynth",
    ]

    /// Runs the set-up once, on first use; thread-safe (a global's lazy initialisation).
    private static let setUp: Void = {
        cffmpeg_silence_logging()
        av_max_alloc(maxAllocation)
    }()

    /// Applies the set-up if it has not run yet.
    static func prepare() {
        setUp
    }

    /// FFmpeg's message for the error code `code` (`av_strerror`).
    static func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        // SAFETY: the buffer holds `text.count` bytes and av_strerror writes a terminated
        // string of at most that many into it.
        _ = unsafe text.withUnsafeMutableBufferPointer { unsafe av_strerror(code, $0.baseAddress, $0.count) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The name FFmpeg gives the codec `id` (`avcodec_get_name`), for example `aac` or `alac`.
    static func codecName(_ id: AVCodecID) -> String {
        // SAFETY: avcodec_get_name returns a static string, never null, copied at once.
        unsafe String(cString: avcodec_get_name(id))
    }
}
