import Foundation

/// Writes files atomically: the bytes go to a temporary file in the same directory, which is
/// then renamed over the destination, so a reader never sees a half-written file.
enum AtomicFile {
    /// Creates `directory` if needed and checks that files can be created in it.
    /// Throws `BenchError.unwritableOutput` otherwise.
    static func prepareDirectory(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchError.unwritableOutput(path: directory, reason: "cannot create directory")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw BenchError.unwritableOutput(path: directory, reason: "directory is not writable")
        }
    }

    /// Replaces the file at `path` with `data`. Throws `BenchError.unwritableOutput`, leaving
    /// any existing file untouched, when the bytes cannot be written.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).tmp"
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw BenchError.unwritableOutput(path: path, reason: "cannot write temporary file")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw BenchError.unwritableOutput(path: path, reason: reason)
        }
    }
}
