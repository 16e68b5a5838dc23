#if RemoteHost
import Host

/// An action of a ``RemoteConnection`` not answered to its caller yet.
enum PendingAction {
    /// Its caller is still writing it to the socket and not waiting yet; holds the answer (the
    /// host's or the failure of the socket) when that came first.
    case sending(ActionResponse?)
    /// Its caller waits for the answer.
    case waiting(CheckedContinuation<ActionResponse, Never>)
}
#endif
