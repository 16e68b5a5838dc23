import Foundation

/// Decodes audio files into interleaved Float32 samples in [−1, 1].
///
/// Different handles may be used from different threads at the same time; one handle is used by
/// one thread at a time. A streaming voice can read blocks from a worker thread.
public protocol DecoderPort: AnyObject, Sendable {
    /// Opens the file at `url` for decoding.
    ///
    /// - Throws: ``AudioError/notFound(_:)`` when nothing is there, ``AudioError/unsupported(_:)``
    ///   for a format or codec the decoder does not read, ``AudioError/decodeError(_:)`` for a
    ///   damaged file, ``AudioError/ioError(_:underlying:)`` when the system cannot read it.
    func open(url: URL) throws(AudioError) -> DecodeHandle

    /// Decodes up to `maxFrames` frames into the start of `buffer`, interleaved, and returns how
    /// many frames it decoded: fewer than asked only at the end of the stream, 0 at the end.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` when `maxFrames` is negative or `buffer`
    ///   holds fewer than `maxFrames × channels` samples, ``AudioError/invalidState(_:)`` for a
    ///   closed or unknown handle, ``AudioError/decodeError(_:)`` when the data cannot be decoded.
    func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int

    /// Moves the read position to `seconds` from the start, clamped to [0, duration].
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a non-finite time,
    ///   ``AudioError/invalidState(_:)`` for a closed handle, ``AudioError/decodeError(_:)`` when
    ///   the stream cannot seek.
    func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError)

    /// The stream's rate, channels, depth and duration.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` for a closed or unknown handle.
    func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo

    /// Releases the stream. Closing twice, or closing an unknown handle, does nothing.
    func close(_ handle: DecodeHandle)
}

extension DecoderPort {
    /// Decodes up to `maxFrames` frames into the start of `samples`; see
    /// ``read(_:into:maxFrames:)``. Reuses the array's storage, so a caller that keeps the array
    /// does not allocate per block.
    public func read(_ handle: DecodeHandle, into samples: inout [Float], maxFrames: Int) throws(AudioError) -> Int {
        // SAFETY: the buffer is the array's own storage, borrowed only for the call; `read`
        // writes inside its bounds.
        try unsafe samples.withUnsafeMutableBufferPointer { buffer throws(AudioError) in
            try unsafe read(handle, into: buffer, maxFrames: maxFrames)
        }
    }
}
