import CSndFile

/// The encodings ``AudioFileSink`` writes; which of them work depends on the installed
/// libsndfile (``AudioFileSink/configure(sampleRate:channels:framesPerBuffer:)`` says).
public enum AudioFileFormat: String, CaseIterable, Sendable {
    /// WAV, 16-bit integer.
    case wav16
    /// WAV, 24-bit integer.
    case wav24
    /// WAV, 32-bit float.
    case wavFloat
    /// AIFF, 16-bit integer.
    case aiff16
    /// FLAC, 16-bit.
    case flac16
    /// FLAC, 24-bit.
    case flac24
    /// Ogg Vorbis.
    case oggVorbis
    /// Ogg Opus (48, 24, 16, 12 or 8 kHz).
    case oggOpus
    /// MPEG Layer III.
    case mp3

    /// libsndfile's format word.
    var sndFileFormat: Int32 {
        switch self {
        case .wav16: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .wav24: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)
        case .wavFloat: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
        case .aiff16: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16)
        case .flac16: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .flac24: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)
        case .oggVorbis: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .oggOpus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
        case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
        }
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .wav16, .wav24, .wavFloat: "wav"
        case .aiff16: "aiff"
        case .flac16, .flac24: "flac"
        case .oggVorbis: "ogg"
        case .oggOpus: "opus"
        case .mp3: "mp3"
        }
    }
}
