/// Client → host: start (or stop) receiving the events named `eventName`.
public struct SubscriptionRequest: Sendable, Equatable, Codable {
    /// The event name.
    public let eventName: String
    /// True to subscribe, false to unsubscribe.
    public let subscribe: Bool

    /// Creates the request.
    public init(eventName: String, subscribe: Bool) {
        self.eventName = eventName
        self.subscribe = subscribe
    }
}
