import Platform

/// The one answer an isolated world's action gets: from the world's queue when the action
/// ends, or from the watchdog when the action runs past its budget, whichever comes first.
///
/// An action the watchdog answers before it began is not run at all: its caller was told it
/// timed out, and running it later would change the world behind the caller's back. One that
/// began cannot be stopped; it runs to its end and its result is dropped.
final class ActionAnswer: Sendable {
    private enum Phase {
        case queued(CheckedContinuation<ActionResponse, Never>)
        case running(CheckedContinuation<ActionResponse, Never>)
        case answered
    }

    private let phase: Locked<Phase>

    /// An answer that resumes `continuation`.
    init(_ continuation: CheckedContinuation<ActionResponse, Never>) {
        phase = Locked(.queued(continuation))
    }

    /// Marks the action running; false when it was already answered (it must not run).
    func begin() -> Bool {
        phase.withLock { phase in
            guard case .queued(let continuation) = phase else { return false }
            phase = .running(continuation)
            return true
        }
    }

    /// Resumes the waiting caller with the action's `response`, unless it was answered.
    func give(_ response: ActionResponse) {
        taken()?.continuation.resume(returning: response)
    }

    /// Resumes the waiting caller with `timeout(began)`, `began` telling whether the action
    /// is running; false when it was already answered.
    func expire(_ timeout: (_ began: Bool) -> ActionResponse) -> Bool {
        guard let (continuation, began) = taken() else { return false }
        continuation.resume(returning: timeout(began))
        return true
    }

    /// The waiting continuation and whether its action began, once; nil after.
    private func taken() -> (continuation: CheckedContinuation<ActionResponse, Never>, began: Bool)? {
        phase.withLock { phase in
            defer { phase = .answered }
            switch phase {
            case .queued(let continuation): return (continuation, false)
            case .running(let continuation): return (continuation, true)
            case .answered: return nil
            }
        }
    }
}
