import Foundation
import Platform

/// The output files of `bench`: a directory checked before a run writes into it, and files
/// replaced whole (through ``FileAccess``), so a reader never sees a half-written file.
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

    /// Replaces the file at `path` with `data`, atomically and durably (``FileAccess``).
    /// Throws `BenchError.file` with the file and the system's reason (for example `No space
    /// left on device`), leaving any existing file untouched, when the bytes cannot be written.
    static func write(_ data: Data, to path: String) throws {
        do {
            try FileAccess.writeFile(Array(data), to: path)
        } catch {
            throw BenchError.file(error)
        }
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
