/// Whether the user has Pro (a purchase state, without StoreKit).
public protocol Entitlements: Sendable {
    /// Whether Pro features are available.
    var isProUser: Bool { get async }
    /// Refreshes the purchase state.
    func refreshEntitlements() async
    /// Buys Pro.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` where purchases are not possible.
    func purchasePro() async throws(AudioError)
}
