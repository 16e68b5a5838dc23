import Foundation

/// Checks, before any measuring, that a file a run will write at its end can be written.
enum WritableFile {
    /// Throws `BenchError.unwritableOutput` unless `path` names a file (not a directory) in an
    /// existing, writable directory, and is writable itself when it exists already.
    static func check(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw BenchError.unwritableOutput(path: path, reason: "directory \(directory) does not exist")
        }
        guard isDirectory.boolValue else {
            throw BenchError.unwritableOutput(path: path, reason: "\(directory) is not a directory")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw BenchError.unwritableOutput(path: path, reason: "directory \(directory) is not writable")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else {
                throw BenchError.unwritableOutput(path: path, reason: "it is a directory")
            }
            guard access(path, W_OK) == 0 else {
                throw BenchError.unwritableOutput(path: path, reason: "file is not writable")
            }
        }
    }
}
