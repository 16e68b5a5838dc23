import CSndFile

/// The format of an open libsndfile stream, read once from its header and checked.
struct SndFileFormat: Sendable, Equatable {
    /// The most channels a stream may have; a header claiming more is rejected.
    static let maxChannels = 64
    /// The highest sample rate accepted, in Hz; a header claiming more is rejected.
    static let maxSampleRate = 768_000

    /// Interleaved channels per frame, in 1…``maxChannels``.
    let channels: Int
    /// Frames per second, in 1…``maxSampleRate``.
    let sampleRate: Int
    /// libsndfile's format word: major type and subtype.
    let format: Int32
    /// Frames the header claims; not trusted for allocation.
    let headerFrames: Int64

    /// Bits per sample of the encoding; 16 for lossy and adaptive codecs, whose depth is nominal.
    var bitDepth: Int {
        switch Int(format) & Int(SF_FORMAT_SUBMASK) {
        case Int(SF_FORMAT_PCM_S8), Int(SF_FORMAT_PCM_U8), Int(SF_FORMAT_DPCM_8), Int(SF_FORMAT_ULAW), Int(SF_FORMAT_ALAW): 8
        case Int(SF_FORMAT_DWVW_12): 12
        case Int(SF_FORMAT_ALAC_20): 20
        case Int(SF_FORMAT_PCM_24), Int(SF_FORMAT_DWVW_24), Int(SF_FORMAT_ALAC_24): 24
        case Int(SF_FORMAT_PCM_32), Int(SF_FORMAT_FLOAT), Int(SF_FORMAT_ALAC_32): 32
        case Int(SF_FORMAT_DOUBLE): 64
        default: 16
        }
    }

    /// Whether decoded samples can leave [−1, 1] (floating-point sources) and must be clamped.
    var needsClamp: Bool {
        let subtype = Int(format) & Int(SF_FORMAT_SUBMASK)
        return subtype == Int(SF_FORMAT_FLOAT) || subtype == Int(SF_FORMAT_DOUBLE)
    }

    /// The format of a freshly opened stream, or the reason it cannot be played.
    ///
    /// - Throws: ``AudioError/decodeError(_:)`` for a channel count or sample rate outside the
    ///   accepted ranges (zero channels, absurd rates).
    init(_ info: SF_INFO, path: String) throws(AudioError) {
        guard info.channels >= 1, Int(info.channels) <= Self.maxChannels else {
            throw .decodeError("\(path) claims \(info.channels) channels; 1…\(Self.maxChannels) are accepted")
        }
        guard info.samplerate >= 1, Int(info.samplerate) <= Self.maxSampleRate else {
            throw .decodeError("\(path) claims a sample rate of \(info.samplerate) Hz; 1…\(Self.maxSampleRate) Hz are accepted")
        }
        channels = Int(info.channels)
        sampleRate = Int(info.samplerate)
        format = info.format
        headerFrames = info.frames
    }
}
