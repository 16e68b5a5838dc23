import Foundation

/// Writes files atomically: the bytes go to a temporary file in the same directory, which is
/// then renamed over the destination, so a reader never sees a half-written file.
enum AtomicFile {
    /// Creates `directory` if needed and checks that files can be created in it.
    /// Throws `BenchError.unwritableOutput` with the reason otherwise: a file on the way, no
    /// permission, or the system's text for the failure.
    static func prepareDirectory(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchError.unwritableOutput(path: directory, reason: creationFailure(directory))
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw BenchError.unwritableOutput(path: directory, reason: "directory is not writable")
        }
    }

    /// Replaces the file at `path` with `data`. Throws `BenchError.unwritableOutput` with the
    /// system's reason (for example `No space left on device`), leaving any existing file
    /// untouched, when the bytes cannot be written.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).tmp"
        if let code = writeWhole(data, to: temporary) {
            unlink(temporary)
            throw BenchError.unwritableOutput(path: path, reason: String(cString: strerror(code)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw BenchError.unwritableOutput(path: path, reason: reason)
        }
    }

    /// Creates or truncates `path` and writes all of `data` to it; the `errno` of the first
    /// failing call, nil on success.
    private static func writeWhole(_ data: Data, to path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, base + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? errno : EIO
                    return
                }
                offset += count
            }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        return failure
    }

    /// Why `directory` could not be created: the nearest path on the way that exists but is
    /// not a directory, or one whose directory denies creating entries.
    private static func creationFailure(_ directory: String) -> String {
        var path = URL(fileURLWithPath: directory).standardized.path
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(path) is a file, not a directory" }
                return access(path, W_OK | X_OK) == 0
                    ? "cannot create directory" : "no permission to create a directory in \(path)"
            }
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if parent == path { return "cannot create directory" }
            path = parent
        }
    }
}

/// `write(2)`, under a name that `AtomicFile.write(_:to:)` does not shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
