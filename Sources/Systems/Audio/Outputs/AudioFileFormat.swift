import CSndFile

/// The encodings ``AudioFileSink`` writes.
public enum AudioFileFormat: String, CaseIterable, Sendable {
    /// WAV, 16-bit integer.
    case wav16
    /// WAV, 32-bit float.
    case wavFloat
    /// FLAC, 16-bit.
    case flac16
    /// FLAC, 24-bit.
    case flac24

    /// libsndfile's format word.
    var sndFileFormat: Int32 {
        switch self {
        case .wav16: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .wavFloat: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
        case .flac16: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .flac24: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)
        }
    }
}
