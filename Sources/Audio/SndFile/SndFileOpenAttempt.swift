import Platform
import Dispatch

/// One open running on a worker thread, and the hand-over of its result to the waiting caller.
///
/// When the caller gives up (the deadline passed), the attempt is marked abandoned, and the
/// worker closes the stream it opens later instead of handing it over, so nothing leaks.
final class SndFileOpenAttempt: Sendable {
    /// Where the attempt stands.
    private enum Stage {
        /// The worker is still opening.
        case running
        /// The worker finished and the caller has not taken the result yet.
        case finished(Result<SndFileStream, AudioError>)
        /// The caller stopped waiting.
        case abandoned
    }

    private let stage = Locked(Stage.running)
    private let done = DispatchSemaphore(value: 0)

    /// Called by the worker with its result; closes the stream when the caller has gone.
    func finish(_ result: Result<SndFileStream, AudioError>) {
        let keep = stage.withLock { stage in
            guard case .running = stage else { return false }
            stage = .finished(result)
            return true
        }
        if keep {
            done.signal()
        } else if case .success(let stream) = result {
            stream.close()
        }
    }

    /// Waits up to `timeout` for the result; `nil` when the deadline passed first, after which
    /// the attempt is abandoned.
    func wait(timeout: Duration) -> Result<SndFileStream, AudioError>? {
        let parts = timeout.components
        let nanoseconds = max(0, min(parts.seconds, 86_400) * 1_000_000_000 + parts.attoseconds / 1_000_000_000)
        _ = done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
        return stage.withLock { stage in
            switch stage {
            case .finished(let result):
                return result
            case .running, .abandoned:
                stage = .abandoned
                return nil
            }
        }
    }
}
