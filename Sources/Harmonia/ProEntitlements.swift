import Audio

/// The entitlements of `harmonia`: Pro, so every format of ``FormatPolicy`` plays (FLAC, DSF
/// and DFF beside the Free formats). A terminal build has no store to buy Pro from, and its
/// user plays their own files.
struct ProEntitlements: Entitlements {
    /// Always `true`.
    var isProUser: Bool { true }

    /// Nothing to refresh.
    func refreshEntitlements() async {}

    /// Already Pro: nothing to buy.
    func purchasePro() async throws(AudioError) {}
}
