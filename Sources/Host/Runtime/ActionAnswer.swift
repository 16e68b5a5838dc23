@_spi(Locking) import ECS

/// The one answer an isolated world's action gets: from the world's queue when the action
/// ends, or from the budget's timer when it runs past it, whichever comes first.
final class ActionAnswer: Sendable {
    private let continuation: Locked<CheckedContinuation<ActionResponse, Never>?>

    /// An answer that resumes `continuation`.
    init(_ continuation: CheckedContinuation<ActionResponse, Never>) {
        self.continuation = Locked(continuation)
    }

    /// Resumes the waiting caller with `response`; false when it was already answered.
    @discardableResult
    func give(_ response: ActionResponse) -> Bool {
        guard let waiting = continuation.withLock({ $0.take() }) else { return false }
        waiting.resume(returning: response)
        return true
    }
}
