#if canImport(CALSA)
/// The libasound calls an ``ALSAOutput`` makes on one open playback PCM, behind a protocol so
/// that tests can stand in a device (one that fails writes with `-EPIPE`, say); ``ALSAPCM`` is
/// the thin wrapper over libasound.
///
/// Results are ALSA's: a frame count, 0, or a negative `errno`. The output calls a device from
/// one thread at a time (the caller's while it is stopped, its writer thread's while it plays),
/// which is why conformers may be `@unchecked Sendable` over a handle that is not thread-safe.
protocol PCMDevice: AnyObject, Sendable {
    /// Negotiates the hardware parameters (interleaved access, the first of `request`'s formats
    /// the device takes, its channels and rate, periods and buffer near those asked for) and
    /// the software parameters (start once the buffer is full, wake per period), leaving the
    /// PCM prepared.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` for what the device cannot do,
    ///   ``AudioError/ioError(_:underlying:)`` when a call fails.
    func negotiate(_ request: PCMRequest) throws(AudioError) -> ALSASetup
    /// `snd_pcm_prepare`: makes a stopped, drained or dropped PCM ready to play again.
    func prepare() -> Int32
    /// `snd_pcm_writei` of `frames` interleaved frames at `bytes`: frames written or a negative errno.
    func write(_ bytes: UnsafeRawPointer, frames: Int) -> Int
    /// `snd_pcm_recover` after the negative errno `error` (an underrun or a suspend): 0 when playback can go on.
    func recover(_ error: Int32) -> Int32
    /// `snd_pcm_avail_update`: frames the buffer has room for, or a negative errno.
    func available() -> Int
    /// `snd_pcm_drop`: stops at once, discarding what the buffer holds.
    func drop() -> Int32
    /// `snd_pcm_drain`: stops once what the buffer holds has played.
    func drain() -> Int32
    /// `snd_pcm_close`; the device is not used again.
    func close()
}

/// Opens the playback PCM named `device`.
///
/// - Throws: ``AudioError/notFound(_:)`` when there is no such device,
///   ``AudioError/ioError(_:underlying:)`` when it cannot be opened (busy, not allowed).
typealias PCMOpener = @Sendable (_ device: String) throws(AudioError) -> any PCMDevice

/// What ``ALSAOutput`` asks a PCM for.
struct PCMRequest: Equatable {
    /// The encodings acceptable, best first.
    var formats: [ALSASampleFormat]
    /// Interleaved channels, exactly.
    var channels: Int
    /// Frames per second, exactly.
    var sampleRate: Int
    /// The period asked for, in frames.
    var periodFrames: Int
    /// The buffer asked for, in frames.
    var bufferFrames: Int
}
#endif
