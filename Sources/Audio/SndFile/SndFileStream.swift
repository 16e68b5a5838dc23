import Platform
import CSndFile

/// One open libsndfile handle, used by one decoder stream; closed exactly once.
///
/// Reads, seeks and tag look-ups take this stream's lock only, so streams decode in parallel;
/// closing also needs the global lock (``SndFileLibrary``).
@safe final class SndFileStream: DecoderStream {
    /// Frames decoded per block when counting or skipping.
    static let blockFrames = 4096

    /// The header's format, checked when opened.
    let format: SndFileFormat
    /// The length in frames: the header's count when plausible, otherwise counted by decoding.
    let frames: Int64
    /// The handle, `nil` once closed.
    private let file: Locked<OpaquePointer?>

    /// Takes ownership of `file`, whose header gave `format`, and settles its length: the
    /// header's frame count when it is plausible for a file of `byteCount` bytes, otherwise the
    /// frames really decoded (pipes, truncated Ogg and FLAC without a sample count claim
    /// `SF_COUNT_MAX`).
    ///
    /// - Throws: ``AudioError/decodeError(_:)`` when counting fails; the handle is then closed.
    init(taking file: sending OpaquePointer, format: SndFileFormat, byteCount: Int64) throws(AudioError) {
        self.format = format
        // No codec here yields more than 64 frames per byte of file.
        let plausible = format.headerFrames >= 0 && format.headerFrames / 64 <= max(byteCount, 1)
        if plausible {
            frames = format.headerFrames
        } else {
            do {
                frames = unsafe try Self.countFrames(file, channels: format.channels)
            } catch {
                unsafe SndFileLibrary.close(file)
                throw error
            }
        }
        unsafe self.file = unsafe Locked(file)
    }

    deinit {
        close()
    }

    /// Frames per second.
    var sampleRate: Int { format.sampleRate }
    /// Interleaved channels per frame.
    var channels: Int { format.channels }
    /// Bits per sample of the encoding.
    var bitDepth: Int { format.bitDepth }

    /// Decodes up to `maxFrames` frames into `buffer`, which holds them (checked by
    /// ``DecoderStreams``), clamping floating-point sources to [−1, 1] and NaN to 0, and
    /// returns the frames decoded.
    func read(into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        let count = unsafe try file.withLock { (file: inout OpaquePointer?) throws(AudioError) -> Int in
            guard let open = unsafe file else { throw .invalidState("the stream is closed") }
            // SAFETY: `buffer` holds at least `maxFrames × channels` floats (checked by the
            // caller) and libsndfile writes at most that many.
            let decoded = unsafe sf_readf_float(open, buffer.baseAddress, sf_count_t(maxFrames))
            guard decoded >= 0 else { throw .decodeError(unsafe "decoding failed: \(Self.errorMessage(open))") }
            return Int(decoded)
        }
        if format.needsClamp {
            for index in 0..<(count * format.channels) {
                // SAFETY: `index` is below the decoded sample count, inside `buffer`.
                let sample = unsafe buffer[index]
                unsafe buffer[index] = sample.isNaN ? 0 : min(max(sample, -1), 1)
            }
        }
        return count
    }

    /// Moves the read position to `frame`, which the caller has clamped to 0…``frames``.
    func seek(toFrame frame: Int64) throws(AudioError) {
        unsafe try file.withLock { (file: inout OpaquePointer?) throws(AudioError) in
            guard let open = unsafe file else { throw .invalidState("the stream is closed") }
            // SAFETY: `open` is this stream's live handle, used under its lock.
            guard unsafe sf_seek(open, frame, SEEK_SET) >= 0 else {
                throw .decodeError(unsafe "seeking to frame \(frame) failed: \(Self.errorMessage(open))")
            }
        }
    }

    /// The tag of kind `kind` (`SF_STR_TITLE`…), or `nil` when absent, empty or closed.
    func string(_ kind: Int32) -> String? {
        unsafe file.withLock { file in
            guard let open = unsafe file else { return nil }
            // SAFETY: libsndfile returns a C string it owns, or null; it is copied under the lock.
            guard let text = unsafe sf_get_string(open, kind).map({ unsafe String(cString: $0) }) else { return nil }
            return text.isEmpty ? nil : text
        }
    }

    /// Releases the handle without waiting behind a hung open (see
    /// ``SndFileLibrary/closeWithoutWaiting(_:)``); later calls do nothing.
    func close() {
        let taken = unsafe file.withLock { file in
            defer { unsafe file = nil }
            return unsafe file
        }
        if let taken = unsafe taken { unsafe SndFileLibrary.closeWithoutWaiting(taken) }
    }

    /// libsndfile's message for the last error on `file`.
    private static func errorMessage(_ file: OpaquePointer) -> String {
        // SAFETY: `file` is live; the message is a static string copied at once.
        unsafe sf_strerror(file).map { unsafe String(cString: $0) } ?? "unknown libsndfile error"
    }

    /// Decodes `file` to its end in blocks, returns the frames decoded, and rewinds it.
    private static func countFrames(_ file: OpaquePointer, channels: Int) throws(AudioError) -> Int64 {
        var scratch = [Float](repeating: 0, count: blockFrames * channels)
        var total: Int64 = 0
        while true {
            // SAFETY: the scratch array holds `blockFrames × channels` floats, borrowed for the call.
            let decoded = unsafe scratch.withUnsafeMutableBufferPointer { buffer in
                unsafe sf_readf_float(file, buffer.baseAddress, sf_count_t(blockFrames))
            }
            guard decoded >= 0 else { throw .decodeError(unsafe "decoding failed: \(errorMessage(file))") }
            if decoded == 0 { break }
            total += decoded
        }
        // SAFETY: `file` is live and owned by the caller.
        guard unsafe sf_seek(file, 0, SEEK_SET) == 0 else {
            throw .decodeError(unsafe "rewinding after counting frames failed: \(errorMessage(file))")
        }
        return total
    }
}
