import Foundation

/// The Free and Pro format rules of HarmoniaPlayer (`CoreFeatureFlags`): Free plays mp3, aac,
/// m4a, wav, aiff and alac; Pro adds flac, dsf and dff.
///
/// HarmoniaPlayer v0.1 left the gate commented out; this product enforces it. Extensions
/// outside both sets (ogg, opus, …) are not allowed by the player, although
/// ``SndFileDecoder`` reads some of them.
public struct FormatPolicy: Sendable, Equatable {
    /// The extensions every user may play.
    public static let freeFormats: Set<String> = ["mp3", "aac", "m4a", "wav", "aiff", "alac"]
    /// The extensions only Pro users may play.
    public static let proOnlyFormats: Set<String> = ["flac", "dsf", "dff"]

    /// Whether Pro formats are allowed.
    public let isProUser: Bool

    /// Creates the policy for a Free or Pro user.
    public init(isProUser: Bool) {
        self.isProUser = isProUser
    }

    /// The extensions this user may play (lowercase).
    public var allowedFormats: Set<String> {
        isProUser ? Self.freeFormats.union(Self.proOnlyFormats) : Self.freeFormats
    }

    /// Checks the extension of `url`, case-insensitively.
    ///
    /// - Throws: ``CoreError/unsupported(_:)`` naming the extension and why it is refused.
    public func check(_ url: URL) throws(CoreError) {
        let fileExtension = url.pathExtension.lowercased()
        guard !allowedFormats.contains(fileExtension) else { return }
        if Self.proOnlyFormats.contains(fileExtension) {
            throw .unsupported("\(url.lastPathComponent): .\(fileExtension) needs Pro")
        }
        throw .unsupported("\(url.lastPathComponent): .\(fileExtension) is not a supported format")
    }
}
