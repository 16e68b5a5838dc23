import Dispatch
import Foundation

/// Signals delivered to a handler on a dispatch queue instead of interrupting the program:
/// SIGWINCH (the terminal was resized) and, with ``RawTerminal/Interrupts/handledByCaller``,
/// SIGINT, SIGTERM and SIGHUP, so that the program can quit in its own way.
///
/// While it exists, the signals' default actions are off (a signal it takes no longer ends the
/// process by itself); ``cancel()`` turns them back on.
public final class TerminalSignals {
    /// The signals taken.
    public let signals: [Int32]
    /// One source per signal.
    private let sources: [any DispatchSourceSignal]

    /// Sends each of `signals` to `handler`, which runs on a background queue.
    public init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "terminal-signals")
        sources = signals.map { number in
            // A dispatch source sees the signal only when its default action does not run.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
        // A parent may have left them blocked.
        var blocked = sigset_t()
        // SAFETY: `blocked` is a local passed by address for each call.
        unsafe sigemptyset(&blocked)
        for number in signals { unsafe sigaddset(&blocked, number) }
        unsafe pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
    }

    /// Stops the delivery and gives the signals their default actions back; later calls do
    /// nothing more.
    public func cancel() {
        for (number, source) in zip(signals, sources) where !source.isCancelled {
            source.cancel()
            signal(number, SIG_DFL)
        }
    }
}
