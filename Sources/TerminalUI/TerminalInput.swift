import Foundation
import Synchronization

/// Key presses read from standard input on a thread of their own, so that a program's event
/// loop never blocks on the terminal: each read's keys go to the handler, on that thread.
///
/// The thread waits at most 100 ms per read, so ``stop()`` returns within about that time;
/// after it no more bytes are taken from the terminal (what is typed later stays for the shell).
/// At the end of the input (the terminal hung up) the thread ends by itself.
public final class TerminalInput: Sendable {
    /// Whether the thread should go on reading.
    private let running = Atomic<Bool>(true)
    /// Signalled by the thread when it has stopped.
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts reading; `handler` gets the keys of every read that has some.
    public init(handler: @escaping @Sendable ([TerminalKey]) -> Void) {
        let thread = Thread { [self] in
            // At the end of the input (the terminal hung up) there is nothing more to read.
            while running.load(ordering: .acquiring), let bytes = TerminalIO.readInput(waitingUpTo: 100) {
                let keys = TerminalKey.decode(bytes)
                if !keys.isEmpty { handler(keys) }
            }
            stopped.signal()
        }
        thread.name = "terminal-input"
        thread.start()
    }

    /// Stops reading and waits for the thread to end; later calls return at once.
    public func stop() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        stopped.wait()
    }
}
