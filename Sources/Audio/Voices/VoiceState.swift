/// Whether a voice is heard.
public enum VoiceState: UInt8, Sendable, Equatable {
    /// Mixed from its start frame until its stop frame or the end of a non-looping asset.
    case playing
    /// Silent for good; removed by ``AudioMixer/removeStoppedVoices()``.
    case stopped
}
