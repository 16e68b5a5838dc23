import CFFmpeg

/// Everything one open FFmpeg stream holds: the demuxer and decoder, the sample converter,
/// the read position and the length. Used under its stream's lock, by one thread at a time.
///
/// Opening decodes the first frame, which fixes the format (see ``FFmpegAudioFormat``) and
/// the timestamp of frame 0. Seeks are exact where the container's timestamps are: FFmpeg
/// seeks to the last seek point at or before a target ``preroll`` frames early (so that lossy
/// decoders rebuild their state), and the frames before the target are decoded and dropped.
///
/// When the length is exact (counted, or stated by the container rather than estimated from the
/// bit rate), reading stops there: the padding an encoder adds after the last frame (AAC in MP4
/// ends on a whole 1,024-sample block, its edit list says where the audio ends) is not played.
@safe
final class FFmpegDecodeState {
    /// Frames decoded and dropped before a seek target, at least: covers the overlap of AAC's
    /// and MP3's transforms, Opus's 80 ms pre-roll and the DSD decoder's filter.
    static let preroll: Int64 = 4096
    /// Frames per byte of file above which a header's length is not believed: nothing real
    /// comes near 256 (6 kbit/s Opus makes 64 at 48 kHz).
    static let maxFramesPerByte: Int64 = 256

    /// The checked format.
    let format: FFmpegAudioFormat
    /// The length in frames: the header's when plausible, otherwise counted by decoding.
    private(set) var frames: Int64 = 0
    /// Whether ``frames`` is exact, so that nothing is read past it.
    private var isLengthExact = true
    /// The frame the next read starts at.
    private var position: Int64 = 0
    /// The demuxer and decoder.
    let source: FFmpegFrameSource
    /// The converted samples waiting to be read.
    private let converter: FFmpegSampleConverter
    /// How long each open, read and seek may take.
    private let timeout: Duration
    /// The timestamp (in the stream's time base) of frame 0, nil when the decoder gives none.
    private var origin: Int64?
    /// The frame a seek asked for, until the decoded frames reach it.
    private var seekTarget: Int64?

    /// Opens the file at `path`, decodes its first frame and settles its length, within
    /// `timeout`.
    ///
    /// - Throws: the errors of ``FFmpegInput`` and ``FFmpegFrameSource``, and
    ///   ``AudioError/decodeError(_:)`` / ``AudioError/unsupported(_:)`` for a format outside
    ///   the accepted ranges (``FFmpegAudioFormat``).
    init(path: String, timeout: Duration) throws(AudioError) {
        self.timeout = timeout
        source = try FFmpegFrameSource(input: FFmpegInput(path: path, timeout: timeout, analyse: true))
        let decoded = try source.next()
        // SAFETY: `frame` holds the first decoded frame when `decoded`, and the codec context
        // is open either way.
        let (channels, rate) = unsafe decoded
            ? (Int(source.frame.pointee.ch_layout.nb_channels), Int(source.frame.pointee.sample_rate))
            : (Int(source.codec.pointee.ch_layout.nb_channels), Int(source.codec.pointee.sample_rate))
        format = try unsafe FFmpegAudioFormat(channels: channels, sampleRate: rate, codec: source.codec, path: path)
        converter = FFmpegSampleConverter(channels: format.channels, sampleRate: format.sampleRate)
        if decoded {
            let timestamp = unsafe source.frame.pointee.best_effort_timestamp
            origin = timestamp == cffmpeg_no_timestamp() ? nil : timestamp
            try unsafe converter.convert(source.frame, path: path)
        }
        if let header = headerFrames() {
            frames = header
            // SAFETY: the demuxer context is open.
            isLengthExact = unsafe source.input.demuxer.pointee.duration_estimation_method != AVFMT_DURATION_FROM_BITRATE
        } else {
            frames = try countFrames()
        }
    }

    /// The stream's time base.
    private var timeBase: AVRational {
        // SAFETY: the stream lives as long as the demuxer.
        unsafe source.stream.pointee.time_base
    }

    /// The header's length in frames, nil when missing or implausible for the file's size.
    ///
    /// The priming frames the decoder drops (`initial_padding`: Opus's pre-skip) are not part
    /// of it. FFmpeg does not expose an MP3's gapless delay and padding, so an MP3's length
    /// is the Info header's whole frames, about 50 ms more than it decodes.
    private func headerFrames() -> Int64? {
        let rate = AVRational(num: 1, den: Int32(format.sampleRate))
        // SAFETY: the stream, its parameters and the demuxer context are open.
        let (streamDuration, containerDuration, priming) = unsafe (
            source.stream.pointee.duration, source.input.demuxer.pointee.duration, Int64(source.stream.pointee.codecpar.pointee.initial_padding))
        var frames: Int64
        if streamDuration != cffmpeg_no_timestamp(), streamDuration > 0, timeBase.num > 0, timeBase.den > 0 {
            frames = av_rescale_q(streamDuration, timeBase, rate)
        } else if containerDuration != cffmpeg_no_timestamp(), containerDuration > 0 {
            frames = av_rescale_q(containerDuration, AVRational(num: 1, den: AV_TIME_BASE), rate)
        } else {
            return nil
        }
        if priming > 0, priming < frames { frames -= priming }
        let byteCount = source.input.byteCount
        return frames >= 0 && frames / Self.maxFramesPerByte <= byteCount ? frames : nil
    }

    /// Decodes the rest of the stream, returns the frames there are, and rewinds.
    private func countFrames() throws(AudioError) -> Int64 {
        var total = Int64(converter.pendingFrames)
        while try source.next() {
            // SAFETY: `frame` holds the frame just decoded.
            total += unsafe Int64(max(0, source.frame.pointee.nb_samples))
        }
        try seek(toFrame: 0)
        return total
    }

    /// Decodes up to `maxFrames` frames into `buffer`; fewer only at the end of the stream.
    func read(into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        source.input.deadline.arm(timeout)
        let wanted = isLengthExact ? Int(min(Int64(maxFrames), max(0, frames - position))) : maxFrames
        var written = 0
        while written < wanted {
            if converter.pendingFrames == 0 {
                guard try refill() else { break }
                continue
            }
            written += unsafe converter.take(into: buffer, at: written, maxFrames: wanted - written)
        }
        position += Int64(written)
        return written
    }

    /// Moves to `target`, which the caller has clamped to 0…``frames``.
    func seek(toFrame target: Int64) throws(AudioError) {
        source.input.deadline.arm(timeout)
        // SAFETY: the stream's parameters are live while it is.
        let preroll = max(Self.preroll, unsafe Int64(source.stream.pointee.codecpar.pointee.seek_preroll))
        // Near the start the pre-roll reaches before frame 0: the demuxer then goes back to its
        // first packet, which for AAC in MP4 is the priming packet frame 0 needs decoded before it.
        let timestamp = (origin ?? 0) + av_rescale_q(target - preroll, AVRational(num: 1, den: Int32(format.sampleRate)), timeBase)
        // SAFETY: the demuxer is open; the stream index is its own.
        var status = unsafe av_seek_frame(source.input.demuxer, source.stream.pointee.index, timestamp, AVSEEK_FLAG_BACKWARD)
        if status < 0, target < preroll, status != cffmpeg_error_exit() {
            // A demuxer that refuses a time before the stream's start is asked for the start.
            status = unsafe av_seek_frame(source.input.demuxer, source.stream.pointee.index, origin ?? 0, AVSEEK_FLAG_BACKWARD)
        }
        guard status >= 0 else {
            if status == cffmpeg_error_exit() { throw source.input.timedOut() }
            throw .decodeError("\(source.input.path): seeking to frame \(target) failed: \(FFmpegLibrary.message(status))")
        }
        source.restart()
        converter.discard()
        seekTarget = target
        position = target
    }

    /// Decodes the next frame into the converter, dropping what lies before a seek target;
    /// false at the end of the stream.
    private func refill() throws(AudioError) -> Bool {
        while try source.next() {
            guard let target = seekTarget else {
                try unsafe converter.convert(source.frame, path: source.input.path)
                return true
            }
            // SAFETY: `frame` holds the frame just decoded.
            let (timestamp, length) = unsafe (source.frame.pointee.best_effort_timestamp, Int64(source.frame.pointee.nb_samples))
            // Without a timestamp the frame is taken to start where the seek was asked to land.
            let first = timestamp == cffmpeg_no_timestamp()
                ? target
                : av_rescale_q(timestamp - (origin ?? 0), timeBase, AVRational(num: 1, den: Int32(format.sampleRate)))
            let skip = target - first
            if skip >= length { continue }
            // A container whose seek overshot (it has no exact seek points) lands late.
            position = max(target, first)
            seekTarget = nil
            try unsafe converter.convert(source.frame, skipping: Int(max(0, skip)), path: source.input.path)
            return true
        }
        return false
    }
}
