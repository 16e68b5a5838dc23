/// The entitlements of a build without purchases: never Pro, and buying is unsupported.
public struct FreeEntitlements: Entitlements {
    /// Creates the entitlements.
    public init() {}

    /// Always `false`.
    public var isProUser: Bool { false }

    /// Nothing to refresh.
    public func refreshEntitlements() async {}

    /// - Throws: ``AudioError/unsupported(_:)`` always.
    public func purchasePro() async throws(AudioError) {
        throw .unsupported("purchases are not available in this build")
    }
}
