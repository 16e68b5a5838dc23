import Platform

/// When to ask for a rating, kept in a ``KeyValueStore`` under `app_launch_count` (default 0)
/// and `next_review_threshold` (default 10).
///
/// "Remind me later" moves the threshold to the launch count + 5, and "rate now" moves it to
/// the count + 100.
public final class RateManager {
    /// Seconds from a qualifying launch to the prompt.
    public static let promptDelay = 1.0
    /// Launches before the first prompt.
    public static let defaultThreshold = 10

    /// Whether the prompt should show now.
    public private(set) var showRatePopup = false
    /// The store of the counters.
    public let store: any KeyValueStore
    /// The time source.
    private let clock: any TimeSource
    /// When the pending prompt shows, in clock seconds.
    private var promptTime: Double?

    /// A manager on `store`, timed by `clock`.
    public init(store: any KeyValueStore, clock: any TimeSource) {
        self.store = store
        self.clock = clock
    }

    /// Launches counted so far.
    public var currentLaunchCount: Int {
        get throws(KeyValueStoreError) { max(0, try store.integer(forKey: "app_launch_count") ?? 0) }
    }

    /// The launch count at which the prompt shows.
    public var nextReviewThreshold: Int {
        get throws(KeyValueStoreError) { try store.integer(forKey: "next_review_threshold") ?? Self.defaultThreshold }
    }

    /// Counts a launch; when the count reaches the threshold, the prompt shows
    /// ``promptDelay`` seconds later (see ``update()``).
    public func appDidLaunch() throws(KeyValueStoreError) {
        let count = try currentLaunchCount + 1
        try store.set(count, forKey: "app_launch_count")
        if count >= (try nextReviewThreshold) { promptTime = clock.seconds + Self.promptDelay }
    }

    /// Shows a prompt that is due.
    public func update() {
        if let due = promptTime, clock.seconds >= due {
            showRatePopup = true
            promptTime = nil
        }
    }

    /// The player rated: hides the prompt and sets the threshold to the count + 100.
    public func rateNow() throws(KeyValueStoreError) {
        try dismiss(deferringBy: 100)
    }

    /// The player wants a reminder: hides the prompt and sets the threshold to the count + 5.
    public func remindMeLater() throws(KeyValueStoreError) {
        try dismiss(deferringBy: 5)
    }

    /// Hides the prompt and moves the threshold `launches` past the current count.
    private func dismiss(deferringBy launches: Int) throws(KeyValueStoreError) {
        showRatePopup = false
        promptTime = nil
        try store.set(try currentLaunchCount + launches, forKey: "next_review_threshold")
    }
}
