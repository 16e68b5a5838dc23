import Foundation

/// Decodes audio files into interleaved Float32 samples in [−1, 1] (HarmoniaCore's `DecoderPort`).
///
/// Different handles may be used from different threads at the same time; one handle is used by
/// one thread at a time. A streaming voice can read blocks from a worker thread.
public protocol DecoderPort: AnyObject, Sendable {
    /// Opens the file at `url` for decoding.
    ///
    /// - Throws: ``CoreError/notFound(_:)`` when nothing is there, ``CoreError/unsupported(_:)``
    ///   for a format or codec the decoder does not read, ``CoreError/decodeError(_:)`` for a
    ///   damaged file, ``CoreError/ioError(_:underlying:)`` when the system cannot read it.
    func open(url: URL) throws(CoreError) -> DecodeHandle

    /// Decodes up to `maxFrames` frames into the start of `buffer`, interleaved, and returns how
    /// many frames it decoded: fewer than asked only at the end of the stream, 0 at the end.
    ///
    /// - Throws: ``CoreError/invalidArgument(_:)`` when `maxFrames` is negative or `buffer`
    ///   holds fewer than `maxFrames × channels` samples, ``CoreError/invalidState(_:)`` for a
    ///   closed or unknown handle, ``CoreError/decodeError(_:)`` when the data cannot be decoded.
    func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(CoreError) -> Int

    /// Moves the read position to `seconds` from the start, clamped to [0, duration].
    ///
    /// - Throws: ``CoreError/invalidArgument(_:)`` for a non-finite time,
    ///   ``CoreError/invalidState(_:)`` for a closed handle, ``CoreError/decodeError(_:)`` when
    ///   the stream cannot seek.
    func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(CoreError)

    /// The stream's rate, channels, depth and duration.
    ///
    /// - Throws: ``CoreError/invalidState(_:)`` for a closed or unknown handle.
    func info(_ handle: DecodeHandle) throws(CoreError) -> StreamInfo

    /// Releases the stream. Closing twice, or closing an unknown handle, does nothing.
    func close(_ handle: DecodeHandle)
}

extension DecoderPort {
    /// Decodes up to `maxFrames` frames into the start of `samples`; see
    /// ``read(_:into:maxFrames:)``. Reuses the array's storage, so a caller that keeps the array
    /// does not allocate per block.
    public func read(_ handle: DecodeHandle, into samples: inout [Float], maxFrames: Int) throws(CoreError) -> Int {
        // SAFETY: the buffer is the array's own storage, borrowed only for the call; `read`
        // writes inside its bounds.
        try unsafe samples.withUnsafeMutableBufferPointer { buffer throws(CoreError) in
            try unsafe read(handle, into: buffer, maxFrames: maxFrames)
        }
    }
}
