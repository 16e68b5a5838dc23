#if canImport(CALSA)
/// What paces an ``ALSAOutput``'s writer thread.
///
/// A sound card (and PipeWire or PulseAudio behind ALSA's `default`) paces the writer by
/// blocking `snd_pcm_writei` until a period of its buffer is free. ALSA's `null` plugin, and the
/// `file` plugin over it, never block: their whole buffer is always free, so a writer would spin
/// at full speed. Such PCMs are paced by a clock instead: one period per period duration.
public enum ALSAPacing: String, Sendable, CaseIterable {
    /// Paced by the device while it blocks; once the writer has written a whole buffer and the
    /// PCM still reports its whole buffer free, it does not pace, and the clock takes over.
    case automatic
    /// Paced by the device's blocking writes only.
    case device
    /// Paced by the clock from the start, one period per period duration.
    case clock
}
#endif
