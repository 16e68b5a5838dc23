import Platform
import CSndFile
import Foundation

/// The process-wide lock around libsndfile's global state.
///
/// libsndfile keeps the error of a failed open in one global variable and is not safe to open
/// files from several threads at once, so every `sf_open` with the retrieval of its error
/// (``open(_:mode:info:)``) and every `sf_close` happen inside the lock. Reads and seeks on one
/// handle need only that handle's own lock.
enum SndFileLibrary {
    /// The global lock; its value counts the handles open. (A lock of an empty value, `()`,
    /// would do, but ThreadSanitizer reports the accesses of a value with no bytes against
    /// reads of the lock object itself.)
    private static let lock = Locked(0)

    /// Runs `body` holding the global lock, as an open that hangs inside libsndfile holds it.
    static func withGlobalLock(_ body: () -> Void) {
        lock.withLock { _ in body() }
    }

    /// Opens `path` in `mode` (`SFM_READ`, `SFM_WRITE`) with `info` inside the global lock: the
    /// handle, or libsndfile's error code and message for the failed open.
    static func open(_ path: String, mode: Int32, info: inout SF_INFO) -> Result<OpaquePointer, SndFileOpenFailure> {
        // SAFETY: the handle (an opaque pointer) leaves the lock owned by the caller alone.
        unsafe lock.withLock { (open: inout Int) -> Result<OpaquePointer, SndFileOpenFailure> in
            // SAFETY: `path` is a C string and `info` the caller's, both live for the call.
            guard let file = unsafe sf_open(path, mode, &info) else { return unsafe .failure(lastOpenError()) }
            open += 1
            return unsafe .success(file)
        }
    }

    /// The error code and message of the last failed open; called inside the global lock,
    /// right after the failure.
    private static func lastOpenError() -> SndFileOpenFailure {
        // SAFETY: a null handle asks for the global error; the message is a static string that
        // libsndfile keeps alive, copied before the lock is released.
        let code = sf_error(nil)
        let message = unsafe sf_strerror(nil).map { unsafe String(cString: $0) } ?? "unknown libsndfile error"
        return SndFileOpenFailure(code: code, message: message)
    }

    /// Closes `file` inside the global lock, waiting for the lock.
    static func close(_ file: OpaquePointer) {
        lock.withLock { open in
            // SAFETY: the caller owns `file` and never uses it again.
            _ = unsafe sf_close(file)
            open -= 1
        }
    }

    /// Closes `file` now when the global lock is free, and otherwise on a new thread once it
    /// is, so a caller never waits behind an open that hangs inside libsndfile.
    static func closeWithoutWaiting(_ file: sending OpaquePointer) {
        let closedNow = lock.withLockIfAvailable { open -> Bool in
            // SAFETY: the caller owns `file` and never uses it again.
            _ = unsafe sf_close(file)
            open -= 1
            return true
        } ?? false
        guard !closedNow else { return }
        let handle = unsafe SndFileClosingHandle(file)
        let closer = Thread { handle.close() }
        closer.name = "sndfile-close"
        closer.start()
    }
}

/// libsndfile's error code and message for an open that failed.
struct SndFileOpenFailure: Error {
    /// `sf_error`'s code.
    let code: Int32
    /// `sf_strerror`'s message.
    let message: String
}
