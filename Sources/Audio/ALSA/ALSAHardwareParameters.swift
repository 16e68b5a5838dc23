#if canImport(CALSA)
import CALSA

/// The negotiation of an open PCM's hardware and software parameters (`snd_pcm_hw_params_*`,
/// `snd_pcm_sw_params_*`), called under ``ALSALibrary``'s lock.
enum ALSAHardwareParameters {
    /// Sets interleaved access, the first format of `request` the device takes, its channels
    /// and rate exactly, and the period and buffer nearest those asked for; then starts the
    /// device once its buffer holds as many whole periods as fit and wakes the writer per period.
    /// Returns what the device agreed to.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` when the device takes none of the formats, not
    ///   the channel count or not the rate; ``AudioError/ioError(_:underlying:)`` when a call fails.
    static func negotiate(_ pcm: OpaquePointer, device: String, request: PCMRequest) throws(AudioError) -> ALSASetup {
        var hardware: OpaquePointer?
        var software: OpaquePointer?
        // SAFETY: the blocks are allocated here and freed on every exit by the `defer`.
        guard unsafe snd_pcm_hw_params_malloc(&hardware) >= 0, unsafe snd_pcm_sw_params_malloc(&software) >= 0,
            let hw = unsafe hardware, let sw = unsafe software
        else {
            unsafe snd_pcm_hw_params_free(hardware)
            throw .ioError("cannot allocate ALSA parameters for '\(device)'", underlying: ALSALibrary.posixError(-ENOMEM))
        }
        defer {
            unsafe snd_pcm_hw_params_free(hw)
            unsafe snd_pcm_sw_params_free(sw)
        }
        func check(_ status: Int32, _ what: @autoclosure () -> String) throws(AudioError) {
            guard status >= 0 else { throw ALSALibrary.callError("ALSA device '\(device)': \(what())", status: status) }
        }
        func refuse(_ status: Int32, _ what: @autoclosure () -> String) throws(AudioError) {
            guard status >= 0 else { throw .unsupported("ALSA device '\(device)' \(what()): \(ALSALibrary.describe(status))") }
        }
        // SAFETY: `pcm` is open and `hw`/`sw` allocated for the whole negotiation; every value
        // passed by address is a local.
        try check(unsafe snd_pcm_hw_params_any(pcm, hw), "no hardware configuration")
        try refuse(unsafe snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "does not take interleaved writes")
        guard let format = request.formats.first(where: { unsafe snd_pcm_hw_params_test_format(pcm, hw, $0.pcmFormat) == 0 }) else {
            throw .unsupported("ALSA device '\(device)' takes none of \(request.formats.map(\.rawValue).joined(separator: ", "))")
        }
        try check(unsafe snd_pcm_hw_params_set_format(pcm, hw, format.pcmFormat), "cannot set \(format.rawValue)")
        try refuse(unsafe snd_pcm_hw_params_set_channels(pcm, hw, UInt32(request.channels)), "cannot play \(request.channels) channels")
        var rate = UInt32(request.sampleRate)
        var direction: Int32 = 0
        try refuse(unsafe snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &direction), "cannot play \(request.sampleRate) Hz")
        guard rate == UInt32(request.sampleRate) else {
            throw .unsupported("ALSA device '\(device)' plays \(rate) Hz, not \(request.sampleRate) Hz (a plughw: or the default device converts)")
        }
        var period = snd_pcm_uframes_t(request.periodFrames)
        try check(unsafe snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction), "cannot set a period near \(request.periodFrames) frames")
        var buffer = snd_pcm_uframes_t(request.bufferFrames)
        try check(unsafe snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "cannot set a buffer near \(request.bufferFrames) frames")
        try check(unsafe snd_pcm_hw_params(pcm, hw), "cannot apply the hardware parameters")
        try check(unsafe snd_pcm_hw_params_get_period_size(hw, &period, &direction), "no period size")
        try check(unsafe snd_pcm_hw_params_get_buffer_size(hw, &buffer), "no buffer size")
        guard period >= 1, buffer >= period else {
            throw .unsupported("ALSA device '\(device)' agreed to a period of \(period) frames in a buffer of \(buffer)")
        }
        try check(unsafe snd_pcm_sw_params_current(pcm, sw), "no software configuration")
        try check(unsafe snd_pcm_sw_params_set_start_threshold(pcm, sw, buffer / period * period), "cannot set the start threshold")
        try check(unsafe snd_pcm_sw_params_set_avail_min(pcm, sw, period), "cannot set the wake-up size")
        try check(unsafe snd_pcm_sw_params(pcm, sw), "cannot apply the software parameters")
        return ALSASetup(
            sampleFormat: format, channels: request.channels, sampleRate: request.sampleRate,
            periodFrames: Int(period), bufferFrames: Int(buffer))
    }
}
#endif
