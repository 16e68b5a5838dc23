#if canImport(CALSA)
import CALSA
import Platform
import Foundation

/// A playback PCM of libasound: the thin ``PCMDevice`` over `snd_pcm_*`.
///
/// Opening, negotiating and closing happen under one process-wide lock (ALSA's configuration
/// is global), with ALSA's error handler silenced (``ALSALibrary``): a message ALSA would have
/// printed goes into the error thrown instead. The handle is used by one thread at a time (see
/// ``PCMDevice``), which is why the class is `@unchecked Sendable`; it is valid from a
/// successful open until ``close()``, which is why it is `@safe`.
@safe
final class ALSAPCM: PCMDevice, @unchecked Sendable {
    /// The open handle; nil once closed.
    private var handle: OpaquePointer?
    /// The device's name, for messages.
    let device: String

    private init(handle: OpaquePointer, device: String) {
        unsafe self.handle = handle
        self.device = device
    }

    deinit { close() }

    /// Opens `device` for playback, in blocking mode (opened non-blocking first, so a busy device
    /// fails at once instead of waiting).
    ///
    /// - Throws: ``AudioError/notFound(_:)`` for an unknown name or a missing card,
    ///   ``AudioError/ioError(_:underlying:)`` for a device that is busy or not allowed.
    static func open(_ device: String) throws(AudioError) -> any PCMDevice {
        try ALSALibrary.withGlobalLock { () -> Result<ALSAPCM, AudioError> in
            var pcm: OpaquePointer?
            // SAFETY: `pcm` is a local the call writes; the name is a C string for the call.
            let status = unsafe snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
            guard status >= 0, let pcm = unsafe pcm else {
                return .failure(ALSALibrary.openError(device, status: status))
            }
            // SAFETY: `pcm` was just opened; it is closed here or owned by the wrapper.
            let blocking = unsafe snd_pcm_nonblock(pcm, 0)
            guard blocking >= 0 else {
                let error = ALSALibrary.callError("cannot make ALSA device '\(device)' blocking", status: blocking)
                unsafe snd_pcm_close(pcm)
                return .failure(error)
            }
            return unsafe .success(ALSAPCM(handle: pcm, device: device))
        }.get()
    }

    func negotiate(_ request: PCMRequest) throws(AudioError) -> ALSASetup {
        guard let pcm = unsafe handle else { throw .invalidState("the ALSA device '\(device)' is closed") }
        return try ALSALibrary.withGlobalLock { () throws(AudioError) -> ALSASetup in
            // SAFETY: `pcm` is open; the parameter blocks are allocated and freed inside the call.
            try unsafe ALSAHardwareParameters.negotiate(pcm, device: device, request: request)
        }
    }

    func prepare() -> Int32 {
        // SAFETY: the handle is open (nil after close, which answers -EBADFD).
        guard let pcm = unsafe handle else { return -EBADFD }
        return unsafe snd_pcm_prepare(pcm)
    }

    func write(_ bytes: UnsafeRawPointer, frames: Int) -> Int {
        // SAFETY: the handle is open; the caller's `bytes` hold `frames` whole frames of the
        // negotiated format for the call.
        guard let pcm = unsafe handle else { return Int(-EBADFD) }
        return unsafe snd_pcm_writei(pcm, bytes, snd_pcm_uframes_t(frames))
    }

    func recover(_ error: Int32) -> Int32 {
        // SAFETY: the handle is open; `silent` 1 keeps ALSA from printing.
        guard let pcm = unsafe handle else { return -EBADFD }
        return unsafe snd_pcm_recover(pcm, error, 1)
    }

    func available() -> Int {
        // SAFETY: the handle is open.
        guard let pcm = unsafe handle else { return Int(-EBADFD) }
        return unsafe snd_pcm_avail_update(pcm)
    }

    func drop() -> Int32 {
        // SAFETY: the handle is open.
        guard let pcm = unsafe handle else { return -EBADFD }
        return unsafe snd_pcm_drop(pcm)
    }

    func drain() -> Int32 {
        // SAFETY: the handle is open.
        guard let pcm = unsafe handle else { return -EBADFD }
        return unsafe snd_pcm_drain(pcm)
    }

    func close() {
        guard let pcm = unsafe handle else { return }
        unsafe handle = nil
        ALSALibrary.withGlobalLock {
            // SAFETY: `pcm` was open and is not used again (the handle is cleared above).
            _ = unsafe snd_pcm_close(pcm)
        }
    }
}
#endif
