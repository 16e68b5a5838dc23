#if RemoteHost
import NIOCore
import NIOPosix
import Synchronization

/// Runs a process's Swift tasks on NIO's event loops, the threads that do the sockets' I/O.
///
/// By default a task runs on Swift's cooperative pool, and every frame a ``RemoteHostServer``
/// or a remote client reads or writes crosses to one of NIO's event-loop threads and back: a
/// round trip takes about four thread switches. A process that serves or calls hosted worlds
/// over the network, and whose tasks never block a thread, can run its tasks on the event loops
/// instead, so a frame is read, acted on and answered on the same thread. On two shared cores
/// this cuts a loopback round trip's p99 by about a quarter (`ecs-host bench`, which runs
/// this way, as `ecs-host` does).
public enum EventLoopExecutor {
    private static let installed = Atomic<Bool>(false)

    /// Makes NIO's singleton event-loop group Swift's global executor (NIO's
    /// `NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()`):
    /// every task not bound to an actor of its own runs on those loops from then on.
    ///
    /// Call it from the main thread before the process starts its tasks. A task that blocks its
    /// thread (a semaphore wait, a long computation) then blocks that loop's sockets too.
    /// - Returns: true when the loops became the global executor; false when an earlier call
    ///   did this, or when the toolchain offers no hook for it. A second call changes nothing.
    @discardableResult
    public static func installAsGlobalExecutor() -> Bool {
        guard installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return false }
        return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
#endif
