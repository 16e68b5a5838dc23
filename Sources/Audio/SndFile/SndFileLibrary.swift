import Platform
import CSndFile
import Foundation

/// The process-wide lock around libsndfile's global state.
///
/// libsndfile keeps the error of a failed open in one global variable and is not safe to open
/// files from several threads at once, so every `sf_open`, `sf_close` and the retrieval of a
/// failed open's error happen inside ``withGlobalLock(_:)``. Reads and seeks on one handle need
/// only that handle's own lock.
enum SndFileLibrary {
    /// The global lock; its value is unused.
    private static let lock = Locked(())

    /// Runs `body` while holding the global lock.
    static func withGlobalLock<Result: ~Copyable, Failure: Error>(
        _ body: () throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try lock.withLock { (_: inout ()) throws(Failure) -> sending Result in try body() }
    }

    /// The error code and message of the last failed open; call it inside the global lock,
    /// right after the failure.
    static func lastOpenError() -> (code: Int32, message: String) {
        // SAFETY: a null handle asks for the global error; the message is a static string that
        // libsndfile keeps alive, copied before the lock is released.
        let code = sf_error(nil)
        let message = unsafe sf_strerror(nil).map { unsafe String(cString: $0) } ?? "unknown libsndfile error"
        return (code, message)
    }

    /// Closes `file` inside the global lock, waiting for the lock.
    static func close(_ file: OpaquePointer) {
        withGlobalLock {
            // SAFETY: the caller owns `file` and never uses it again.
            _ = unsafe sf_close(file)
        }
    }

    /// Closes `file` now when the global lock is free, and otherwise on a new thread once it
    /// is, so a caller never waits behind an open that hangs inside libsndfile.
    static func closeWithoutWaiting(_ file: sending OpaquePointer) {
        let closedNow = lock.withLockIfAvailable { _ -> Bool in
            // SAFETY: the caller owns `file` and never uses it again.
            _ = unsafe sf_close(file)
            return true
        } ?? false
        guard !closedNow else { return }
        let handle = unsafe SndFileClosingHandle(file)
        let closer = Thread { handle.close() }
        closer.name = "sndfile-close"
        closer.start()
    }
}
