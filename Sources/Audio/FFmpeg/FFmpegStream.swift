import Platform

/// One open FFmpeg stream of an ``FFmpegDecoder`` handle: its decode state behind its own
/// lock (a pthread mutex, which ThreadSanitizer sees), so different streams decode in parallel.
/// Closing frees the state at once, or as soon as a read in progress returns.
final class FFmpegStream: DecoderStream {
    /// The format, fixed when opened.
    let format: FFmpegAudioFormat
    /// The length in frames, fixed when opened.
    let frames: Int64
    /// Frames per second.
    var sampleRate: Int { format.sampleRate }
    /// Interleaved channels per frame.
    var channels: Int { format.channels }
    /// Bits per sample of the encoding.
    var bitDepth: Int { format.bitDepth }
    /// The state, nil once closed.
    private let state: Locked<FFmpegDecodeState?>

    /// Opens the file at `path` within `timeout` (each later read and seek gets as long).
    ///
    /// - Throws: the errors of ``FFmpegDecodeState/init(path:timeout:)``.
    init(path: String, timeout: Duration) throws(AudioError) {
        let opened = try FFmpegDecodeState(path: path, timeout: timeout)
        format = opened.format
        frames = opened.frames
        state = Locked(opened)
    }

    /// Decodes up to `maxFrames` frames into `buffer`, which holds them (checked by
    /// ``DecoderStreams``).
    func read(into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        // SAFETY: `buffer` holds `maxFrames × channels` floats (checked by the caller); it is
        // only written inside the call.
        return try withState { (state) throws(AudioError) in try unsafe state.read(into: buffer, maxFrames: maxFrames) }
    }

    /// Moves to `frame`, which the caller has clamped to 0…``frames``.
    func seek(toFrame frame: Int64) throws(AudioError) {
        try withState { (state) throws(AudioError) in try state.seek(toFrame: frame) }
    }

    /// Frees the decoder and the demuxer; later calls do nothing.
    func close() {
        state.withLock { $0 = nil }
    }

    /// Runs `body` on the open state under the lock.
    private func withState<Result: Sendable>(_ body: (FFmpegDecodeState) throws(AudioError) -> Result) throws(AudioError) -> Result {
        try state.withLock { (state) throws(AudioError) -> Result in
            guard let open = state else { throw .invalidState("the stream is closed") }
            return try body(open)
        }
    }
}
