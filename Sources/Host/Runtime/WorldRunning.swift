/// A running hosted world, as the host sees it whatever its model type.
protocol WorldRunning: AnyObject, Sendable {
    /// The world's counters.
    var diagnostics: HostDiagnostics { get }
    /// Adds connection `id`, subscribed to `subscriptions`, delivering through `receive`.
    func connect(_ id: UInt64, subscriptions: [String], receive: @escaping @Sendable (ServerMessage) -> Void)
    /// Removes connection `id`; returns how many connections remain.
    func disconnect(_ id: UInt64) -> Int
    /// Changes the events connection `id` receives.
    func update(_ id: UInt64, _ subscription: SubscriptionRequest)
    /// Runs an action between frames on this thread and answers it when the world is inline;
    /// nil, running nothing, when it is isolated (``perform(_:)`` then queues it).
    func performInline(_ request: ActionRequest) -> ActionResponse?
    /// Runs an action between frames and answers it, on the world's queue when it is isolated.
    nonisolated(nonsending) func perform(_ request: ActionRequest) async -> ActionResponse
    /// Applies the background behaviour.
    func enterBackground()
    /// Undoes what the background behaviour holds back.
    func enterForeground()
    /// Stops ticking and closes every connection with `reason`.
    func shutDown(_ reason: ActorError)
}
