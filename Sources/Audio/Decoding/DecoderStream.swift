/// One open stream of a decoder (``SndFileDecoder``, ``FFmpegDecoder``): what
/// ``DecoderStreams`` needs to serve the ``DecoderPort`` calls for it.
protocol DecoderStream: AnyObject, Sendable {
    /// Frames per second.
    var sampleRate: Int { get }
    /// Interleaved channels per frame.
    var channels: Int { get }
    /// Bits per sample of the source encoding.
    var bitDepth: Int { get }
    /// The length in frames.
    var frames: Int64 { get }

    /// Decodes up to `maxFrames` (> 0) frames into `buffer`, which holds them; the caller has
    /// checked both.
    func read(into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int

    /// Moves to `frame`, which the caller has clamped to 0…``frames``.
    func seek(toFrame frame: Int64) throws(AudioError)

    /// Releases the stream; later calls do nothing.
    func close()
}
