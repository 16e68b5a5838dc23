import Platform
/// A libsndfile handle handed to a closing thread: it is closed exactly once, inside the global
/// lock, by ``close()``.
@safe
final class SndFileClosingHandle: Sendable {
    /// The handle, `nil` once closed.
    private let file: Locked<OpaquePointer?>

    /// Takes ownership of `file`.
    init(_ file: sending OpaquePointer) {
        unsafe self.file = Locked(file)
    }

    /// Waits for the global lock and closes the handle; later calls do nothing.
    func close() {
        let taken = unsafe file.withLock { file in
            defer { unsafe file = nil }
            return unsafe file
        }
        if let taken = unsafe taken { unsafe SndFileLibrary.close(taken) }
    }
}
