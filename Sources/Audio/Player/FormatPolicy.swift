import Foundation

/// The Free and Pro format rules: Free plays mp3, aac, m4a, wav, aiff (`.aif` too), alac, and
/// the free formats Linux users expect, Ogg Vorbis and Opus (ogg, oga, opus); Pro adds flac, dsf
/// and dff.
///
/// The player enforces the gate. A file is judged by its content where FFmpeg's probe recognises it
/// (``format(of:)``): an ALAC file named `.m4a` is alac, AAC in MP4 named `.wav` or with no
/// extension is m4a, FLAC named `.wav` needs Pro. A file that cannot be read or recognised is
/// judged by its extension. Formats outside both sets (wma, ape, …) are not allowed by the
/// player, although the decoders may read them.
public struct FormatPolicy: Sendable, Equatable {
    /// The extensions every user may play.
    public static let freeFormats: Set<String> = ["mp3", "aac", "m4a", "wav", "aiff", "aif", "alac", "ogg", "oga", "opus"]
    /// The extensions only Pro users may play.
    public static let proOnlyFormats: Set<String> = ["flac", "dsf", "dff"]

    /// Whether Pro formats are allowed.
    public let isProUser: Bool

    /// Creates the policy for a Free or Pro user.
    public init(isProUser: Bool) {
        self.isProUser = isProUser
    }

    /// The extensions of audio files a folder scan looks at: the allowed ones, the Pro ones
    /// and others the decoders may read, so that a file the player refuses is listed with its
    /// reason rather than passed over.
    public static let audioExtensions: Set<String> = freeFormats.union(proOnlyFormats).union(
        ["wma", "ape", "wv", "mka", "webm", "caf", "au", "snd", "w64", "rf64", "mpc", "tta", "ac3", "dts", "mp2", "m4b", "amr"])

    /// The extensions this user may play (lowercase).
    public var allowedFormats: Set<String> {
        isProUser ? Self.freeFormats.union(Self.proOnlyFormats) : Self.freeFormats
    }

    /// Checks the format of `url` (``format(of:)``).
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` naming the format (the extension, or the content
    ///   when that differs from it) and why it is refused.
    public func check(_ url: URL) throws(AudioError) {
        let format = Self.format(of: url)
        guard !allowedFormats.contains(format) else { return }
        let fileExtension = url.pathExtension.lowercased()
        let named = format == fileExtension ? ".\(format)" : "its content (\(format))"
        if Self.proOnlyFormats.contains(format) {
            throw .unsupported("\(url.lastPathComponent): \(named) needs Pro")
        }
        throw .unsupported("\(url.lastPathComponent): \(named) is not a supported format")
    }

    /// The format name `url` is judged by: from its content, by FFmpeg's probe of the file's
    /// bytes (`alac`, `flac`, `mp3`, `m4a` for AAC in MP4, `aac` for other AAC, `dsf`, `dff`,
    /// `wav`, `aiff`, `ogg`, `opus`, or the codec's name), else the lowercased extension (a
    /// file that is missing, unreadable or of no format FFmpeg recognises).
    public static func format(of url: URL) -> String {
        if url.isFileURL, let format = FFmpegContent.probe(path: url.path)?.policyFormat { return format }
        return url.pathExtension.lowercased()
    }
}
