import CFFmpeg

/// The format of an open FFmpeg audio stream, checked, as the decoder reports it.
///
/// Channels and rate come from the first decoded frame, not the container's header: the
/// decoder is what counts (an AAC header with implicit SBR claims half the rate it decodes at),
/// and a header that lies about them never sizes anything.
struct FFmpegAudioFormat: Sendable, Equatable {
    /// The most channels a stream may have: the libsndfile decoder's limit.
    static let maxChannels = SndFileFormat.maxChannels
    /// The highest sample rate accepted, in Hz: the libsndfile decoder's limit (DSD64 and DSD128
    /// decode to 352.8 and 705.6 kHz; DSD256 and above are refused).
    static let maxSampleRate = SndFileFormat.maxSampleRate

    /// Interleaved channels per frame, in 1…``maxChannels``.
    let channels: Int
    /// Frames per second, in 1…``maxSampleRate``.
    let sampleRate: Int
    /// Bits per sample of the encoding: the decoder's raw depth for lossless codecs and PCM, 32
    /// for DSD (the float PCM FFmpeg makes of it; its 1-bit depth is below `StreamInfo`'s
    /// minimum of 8), 16 for lossy codecs, whose depth is nominal.
    let bitDepth: Int
    /// FFmpeg's name of the codec, for example `aac`, `alac` or `dsd_lsbf_planar`.
    let codecName: String

    /// The format of a stream whose decoder `codec` produced frames of `channels` channels at
    /// `sampleRate`.
    ///
    /// - Throws: ``AudioError/decodeError(_:)`` for no channels, more than ``maxChannels`` or a
    ///   rate below 1 Hz; ``AudioError/unsupported(_:)`` for a rate above ``maxSampleRate``.
    init(channels: Int, sampleRate: Int, codec: UnsafePointer<AVCodecContext>, path: String) throws(AudioError) {
        guard channels >= 1, channels <= Self.maxChannels else {
            throw .decodeError("\(path) claims \(channels) channels; 1…\(Self.maxChannels) are accepted")
        }
        guard sampleRate >= 1 else {
            throw .decodeError("\(path) claims a sample rate of \(sampleRate) Hz; 1…\(Self.maxSampleRate) Hz are accepted")
        }
        guard sampleRate <= Self.maxSampleRate else {
            throw .unsupported("\(path) decodes at \(sampleRate) Hz; at most \(Self.maxSampleRate) Hz is supported")
        }
        self.channels = channels
        self.sampleRate = sampleRate
        // SAFETY: the caller's codec context is open.
        let id = unsafe codec.pointee.codec_id
        codecName = FFmpegLibrary.codecName(id)
        let rawBits = unsafe Int(codec.pointee.bits_per_raw_sample)
        if codecName.hasPrefix("dsd_") {
            bitDepth = 32
        } else if (8...64).contains(rawBits) {
            bitDepth = rawBits
        } else if codecName.hasPrefix("pcm_"), (8...64).contains(Int(av_get_bits_per_sample(id))) {
            bitDepth = Int(av_get_bits_per_sample(id))
        } else {
            bitDepth = 16
        }
    }
}
