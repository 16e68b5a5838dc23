import Foundation
import Platform

/// The output files of `bench`: a directory checked before a run writes into it, and files
/// replaced whole (through ``FileAccess``), so a reader never sees a half-written file.
enum AtomicFile {
    /// Creates `directory` if needed and checks that files can be created in it.
    /// Throws `BenchError.unwritableOutput` with the reason otherwise: a file on the way, no
    /// permission, or the system's text for the failure. A failure removes the directories
    /// this call created on the way (those still empty), so a refused `--output` leaves
    /// nothing behind.
    static func prepareDirectory(_ directory: String) throws {
        let missing = missingDirectories(on: directory)
        do {
            try createAndCheck(directory)
        } catch {
            for path in missing { rmdir(path) }
            throw error
        }
    }

    /// The directories on the way to `directory`, itself included, that do not exist yet,
    /// deepest first.
    private static func missingDirectories(on directory: String) -> [String] {
        var missing: [String] = []
        var path = URL(fileURLWithPath: directory).standardized.path
        while !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if parent == path { break }
            path = parent
        }
        return missing
    }

    /// Creates `directory` with its parents and checks that a file can be created in it.
    private static func createAndCheck(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchError.unwritableOutput(path: directory, reason: creationFailure(directory))
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw BenchError.unwritableOutput(path: directory, reason: "directory is not writable")
        }
        // Permission bits do not tell everything (root may write anywhere but /proc, a
        // read-only mount, a full disk's inodes): a file is created and removed to be sure.
        let probe = directory + "/.bench-write-check-\(getpid())"
        let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw BenchError.unwritableOutput(path: directory, reason: "cannot create a file in it: \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Removes the temporary files that writes into `directory` leave when a run is killed
    /// between writing and renaming (`.<name>.json.XXXXXX`, `.summary.md.XXXXXX`,
    /// `.<name>.png.XXXXXX`), once older than `age`, so a write in progress is left alone.
    /// Returns the names removed.
    @discardableResult
    static func removeInterruptedWrites(in directory: String, olderThan age: TimeInterval = 60) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let cutoff = Date().addingTimeInterval(-age)
        return names.filter { name in
            guard let target = FileAccess.stagedTarget(ofTemporary: name),
                  target == "summary.md" || target.hasSuffix(".json") || target.hasSuffix(".png") else { return false }
            let path = directory + "/" + name
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  modified < cutoff else { return false }
            return (try? FileManager.default.removeItem(atPath: path)) != nil
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

    /// Writes `data` as a new file `<directory>/<stem>.json`, or `<stem>-2.json`, `<stem>-3.json`…
    /// when the name is taken (a run of the same millisecond, in this process or another):
    /// never over an existing file. Returns the path written.
    /// Throws `BenchError.file` when the file cannot be written, and
    /// `BenchError.unwritableOutput` when a thousand names are taken.
    static func createNew(_ data: Data, in directory: String, stem: String) throws -> String {
        for sequence in 1...1_000 {
            let path = directory + "/" + stem + (sequence == 1 ? "" : "-\(sequence)") + ".json"
            do {
                if try FileAccess.createFile(Array(data), at: path) { return path }
            } catch {
                throw BenchError.file(error)
            }
        }
        throw BenchError.unwritableOutput(path: directory, reason: "1,000 result files named \(stem) exist")
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
