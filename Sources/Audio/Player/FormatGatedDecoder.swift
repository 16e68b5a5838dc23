import Foundation

/// A decoder that opens only the files a ``FormatPolicy`` allows, judged by their content, and
/// passes everything else to the decoder it wraps (by default a ``RoutingDecoder``, which sends
/// each file to the libsndfile or FFmpeg decoder that reads it).
public final class FormatGatedDecoder: DecoderPort {
    private let base: any DecoderPort
    /// The rule applied on open.
    public let policy: FormatPolicy

    /// Wraps `base` behind `policy`.
    public init(_ base: any DecoderPort, policy: FormatPolicy) {
        self.base = base
        self.policy = policy
    }

    /// Opens `url` when the policy allows its format.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` for a refused format, then the wrapped
    ///   decoder's errors.
    public func open(url: URL) throws(AudioError) -> DecodeHandle {
        try policy.check(url)
        return try base.open(url: url)
    }

    /// Reads from the wrapped decoder.
    public func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        try unsafe base.read(handle, into: buffer, maxFrames: maxFrames)
    }

    /// Seeks in the wrapped decoder.
    public func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) {
        try base.seek(handle, toSeconds: seconds)
    }

    /// The wrapped decoder's stream information.
    public func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo {
        try base.info(handle)
    }

    /// Closes in the wrapped decoder.
    public func close(_ handle: DecodeHandle) {
        base.close(handle)
    }
}
