import CFFmpeg

/// The decoded frames of one file's audio stream: FFmpeg's demuxer feeding its decoder, one
/// frame at a time, with the damage policy of this library.
///
/// A packet the decoder rejects, or a packet the demuxer cannot read in the middle of the file,
/// is skipped, as players do; ``maxConsecutiveFailures`` of them in a row end decoding with
/// ``AudioError/decodeError(_:)``. A read error once the file's end has been reached is the end
/// of a truncated file: the frames before it are decoded. Used by one thread at a time.
@safe
final class FFmpegFrameSource {
    /// Damaged packets in a row after which the stream is given up.
    static let maxConsecutiveFailures = 64

    /// The demuxer.
    let input: FFmpegInput
    /// The audio stream decoded.
    let stream: UnsafeMutablePointer<AVStream>
    /// The decoder context, open.
    let codec: UnsafeMutablePointer<AVCodecContext>
    /// The last frame decoded by ``next()``.
    let frame: UnsafeMutablePointer<AVFrame>
    /// The packet being handed from the demuxer to the decoder.
    private let packet: UnsafeMutablePointer<AVPacket>
    /// Whether the decoder has been told that no more packets come.
    private var isDraining = false
    /// Whether the decoder has given its last frame.
    private(set) var isAtEnd = false

    /// Opens the decoder for the main audio stream of `input`, on one thread.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` (no audio stream, no decoder),
    ///   ``AudioError/decodeError(_:)`` when the decoder refuses the stream's parameters.
    init(input: FFmpegInput) throws(AudioError) {
        self.input = input
        let (stream, decoder) = try unsafe input.bestAudioStream()
        // SAFETY: fresh objects owned by this instance and freed in `deinit`; when one cannot
        // be made, those that were are freed here (each free takes a nil pointer too).
        var (newCodec, newFrame, newPacket) = unsafe (avcodec_alloc_context3(decoder), av_frame_alloc(), av_packet_alloc())
        guard let codec = unsafe newCodec, let frame = unsafe newFrame, let packet = unsafe newPacket else {
            unsafe avcodec_free_context(&newCodec)
            unsafe av_frame_free(&newFrame)
            unsafe av_packet_free(&newPacket)
            throw .decodeError("\(input.path): FFmpeg is out of memory")
        }
        unsafe self.stream = stream
        unsafe self.codec = codec
        unsafe self.frame = frame
        unsafe self.packet = packet
        // SAFETY: `codec` is fresh and `stream` a live stream of the open input.
        var status = unsafe avcodec_parameters_to_context(codec, stream.pointee.codecpar)
        unsafe codec.pointee.pkt_timebase = stream.pointee.time_base
        unsafe codec.pointee.thread_count = 1
        if status >= 0 { status = unsafe avcodec_open2(codec, decoder, nil) }
        guard status >= 0 else {
            throw .decodeError("\(input.path): FFmpeg's \(unsafe String(cString: decoder.pointee.name)) decoder refuses the stream: \(FFmpegLibrary.message(status))")
        }
    }

    deinit {
        // SAFETY: allocated in `init`, used by nobody else; each free takes a nil pointer too.
        var codec = unsafe Optional(self.codec), frame = unsafe Optional(self.frame), packet = unsafe Optional(self.packet)
        unsafe avcodec_free_context(&codec)
        unsafe av_frame_free(&frame)
        unsafe av_packet_free(&packet)
    }

    /// Decodes the next frame into ``frame``; false at the end of the stream.
    ///
    /// - Throws: ``AudioError/decodeError(_:)`` after too many damaged packets in a row, when
    ///   memory runs out, or when the deadline passes (``FFmpegInput/deadline``).
    func next() throws(AudioError) -> Bool {
        var failures = 0
        while !isAtEnd {
            // SAFETY: `codec` and `frame` are live; the frame is overwritten by the decoder.
            let received = unsafe avcodec_receive_frame(codec, frame)
            if received >= 0 { return true }
            if received == cffmpeg_error_eof() {
                isAtEnd = true
            } else if received != cffmpeg_error_again() {
                try fail(received, &failures)
            } else if isDraining {
                isAtEnd = true
            } else {
                try feed(&failures)
            }
        }
        return false
    }

    /// Drops everything buffered for a seek: the decoder starts over from the next packet.
    func restart() {
        // SAFETY: `codec` is open.
        unsafe avcodec_flush_buffers(codec)
        isDraining = false
        isAtEnd = false
    }

    /// Hands the next packet of the stream to the decoder, or tells it the stream has ended.
    private func feed(_ failures: inout Int) throws(AudioError) {
        // SAFETY: the demuxer fills the live packet, which is unreferenced once sent.
        let read = unsafe av_read_frame(input.demuxer, packet)
        if read < 0 {
            if read == cffmpeg_error_exit() { throw input.timedOut() }
            if read == cffmpeg_error_no_memory() { throw .decodeError("\(input.path): FFmpeg ran out of memory reading it") }
            if read == cffmpeg_error_eof() || input.isAtEnd {
                isDraining = true
                // SAFETY: a null packet tells the open decoder that the stream has ended.
                _ = unsafe avcodec_send_packet(codec, nil)
                return
            }
            try fail(read, &failures)
            return
        }
        defer { unsafe av_packet_unref(packet) }
        // SAFETY: the packet was just filled by the demuxer.
        guard unsafe packet.pointee.stream_index == stream.pointee.index else { return }
        let sent = unsafe avcodec_send_packet(codec, packet)
        if sent < 0, sent != cffmpeg_error_again() { try fail(sent, &failures) }
    }

    /// Counts one damaged packet, and gives up after ``maxConsecutiveFailures`` in a row.
    private func fail(_ code: Int32, _ failures: inout Int) throws(AudioError) {
        if code == cffmpeg_error_no_memory() { throw .decodeError("\(input.path): FFmpeg ran out of memory decoding it") }
        failures += 1
        guard failures < Self.maxConsecutiveFailures else {
            throw .decodeError("\(input.path): \(failures) damaged packets in a row (\(FFmpegLibrary.message(code)))")
        }
    }
}
