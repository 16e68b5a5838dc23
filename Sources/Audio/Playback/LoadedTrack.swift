/// The track a ``DefaultPlaybackService`` has open.
struct LoadedTrack: Sendable {
    /// The decoder's handle for the track.
    let handle: DecodeHandle
    /// The track's checked stream information.
    let info: StreamInfo
    /// Frames per output buffer, from ``PlaybackBufferSize/framesPerBuffer(sampleRate:)``.
    let framesPerBuffer: Int

    /// Seconds of audio in one output buffer.
    var bufferSeconds: Double { Double(framesPerBuffer) / info.sampleRate }
}
