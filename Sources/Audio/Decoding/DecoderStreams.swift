import Platform

/// The open streams of a decoder by handle, behind a pthread mutex (`Locked`, which
/// ThreadSanitizer sees), and the ``DecoderPort`` rules both decoders share: argument checks,
/// seeks in seconds rounded to the nearest frame and clamped to the stream, the stream's
/// information, idempotent closing.
final class DecoderStreams<Stream: DecoderStream>: Sendable {
    /// The open streams.
    private let streams = Locked<[DecodeHandle: Stream]>([:])

    /// Registers `stream` under a new handle.
    func add(_ stream: Stream) -> DecodeHandle {
        let handle = DecodeHandle()
        streams.withLock { $0[handle] = stream }
        return handle
    }

    /// Decodes up to `maxFrames` frames into `buffer`; see ``DecoderPort/read(_:into:maxFrames:)``.
    func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        let stream = try self.stream(handle)
        guard maxFrames >= 0 else { throw .invalidArgument("maxFrames \(maxFrames) is negative") }
        let needed = maxFrames.multipliedReportingOverflow(by: stream.channels)
        guard !needed.overflow, buffer.count >= needed.partialValue else {
            throw .invalidArgument("a buffer of \(buffer.count) samples cannot hold \(maxFrames) frames of \(stream.channels) channels")
        }
        guard maxFrames > 0 else { return 0 }
        return try unsafe stream.read(into: buffer, maxFrames: maxFrames)
    }

    /// Moves to `seconds`, clamped to [0, duration] and rounded to the nearest frame.
    func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) {
        guard seconds.isFinite else { throw .invalidArgument("seek time \(seconds) s is not finite") }
        let stream = try self.stream(handle)
        let frame = (seconds * Double(stream.sampleRate)).rounded()
        try stream.seek(toFrame: frame <= 0 ? 0 : min(Int64(min(frame, 9e18)), stream.frames))
    }

    /// The stream's duration (from its frames), rate, channels and bit depth.
    func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo {
        let stream = try self.stream(handle)
        return StreamInfo(
            duration: Double(stream.frames) / Double(stream.sampleRate),
            sampleRate: Double(stream.sampleRate),
            channels: stream.channels,
            bitDepth: stream.bitDepth
        )
    }

    /// Closes the stream; closing twice or an unknown handle does nothing.
    func close(_ handle: DecodeHandle) {
        streams.withLock { $0.removeValue(forKey: handle) }?.close()
    }

    /// The open stream behind `handle`.
    private func stream(_ handle: DecodeHandle) throws(AudioError) -> Stream {
        guard let stream = streams.withLock({ $0[handle] }) else {
            throw .invalidState("the decode handle is closed or was not opened by this decoder")
        }
        return stream
    }
}
