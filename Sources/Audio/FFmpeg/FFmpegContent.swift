/// What a file holds according to FFmpeg's probe of its bytes: the container and the codec of
/// its main audio stream. The player's format rules and the routing decoder judge files by it,
/// not by their names.
struct FFmpegContent: Sendable, Equatable {
    /// How long a probe may take.
    static let timeout: Duration = .seconds(2)
    /// The demuxers of the containers libsndfile reads.
    static let libsndfileContainers: Set<String> = ["wav", "w64", "aiff", "flac", "ogg", "au", "caf", "voc", "ircam", "nistsphere", "avr"]
    /// The codecs libsndfile decodes besides PCM (`pcm_*`). MP3 is left out on purpose (see
    /// ``prefersLibsndfile``).
    static let libsndfileCodecs: Set<String> = ["flac", "vorbis", "opus", "adpcm_ima_wav", "adpcm_ms", "gsm_ms"]

    /// The demuxer's short name (`mov` for MP4 and M4A, `iff` for DSDIFF).
    let container: String
    /// FFmpeg's name of the main audio stream's codec, nil when the header does not say.
    let codec: String?

    /// The content of the file at `path`, nil when FFmpeg cannot read its header (missing,
    /// not a regular file, no format FFmpeg recognises, damaged).
    static func probe(path: String) -> FFmpegContent? {
        guard let input = try? FFmpegInput(path: path, timeout: timeout, analyse: false) else { return nil }
        return FFmpegContent(container: input.containerName, codec: input.bestAudioCodec)
    }

    /// The format name of the player's rules (``FormatPolicy``): `alac`, `flac`, `mp3`, `m4a`
    /// (AAC in MP4), `aac` (AAC elsewhere), `dsf`, `dff`, `wav`, `aiff`, `ogg` (Vorbis), `opus`,
    /// else the codec's name; nil when there is no audio stream.
    var policyFormat: String? {
        guard let codec else { return nil }
        switch codec {
        case "alac", "flac", "mp3", "opus":
            return codec
        case "aac":
            return container == "mov" ? "m4a" : "aac"
        case "vorbis":
            return "ogg"
        case let dsd where dsd.hasPrefix("dsd_"):
            return container == "iff" ? "dff" : container == "dsf" ? "dsf" : "dsd"
        case let pcm where pcm.hasPrefix("pcm_") && (container == "wav" || container == "w64" || container == "aiff"):
            return container == "aiff" ? "aiff" : "wav"
        default:
            return codec
        }
    }

    /// Whether the libsndfile decoder should try the file first: a container libsndfile reads
    /// holding a codec it decodes (a WAV file of AAC or of a rare ADPCM goes to FFmpeg, where
    /// libsndfile would call it malformed). MP3 goes to FFmpeg although libsndfile reads it:
    /// libsndfile's MP3 reader, libmpg123, writes its notes on damaged frames to stderr, and
    /// FFmpeg decodes the same streams silently.
    var prefersLibsndfile: Bool {
        guard let codec, Self.libsndfileContainers.contains(container) else { return false }
        return codec.hasPrefix("pcm_") || Self.libsndfileCodecs.contains(codec)
    }
}
