import Foundation
import Platform
import Testing

/// How `FileAccess` splits the paths it writes: the temporary file goes beside the target, and
/// a path ending in `/` names no file.
struct FileAccessPathTests {
    /// A fresh, empty directory for one test.
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "file-access-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a write leaves only the target beside it, and a read returns its bytes")
    func writeThenRead() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/save.bin"
        try FileAccess.writeFile([1, 2, 3], to: path)
        try FileAccess.writeFile([4, 5], to: path)
        #expect(try FileAccess.readFile(at: path) == [4, 5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["save.bin"])
    }

    @Test("a path ending in a slash, or naming a directory, is refused with a reason")
    func directoryPaths() throws {
        let directory = try temporaryDirectory()
        #expect(throws: FileError(.unwritable, "cannot write \(directory)/missing/: it names a directory")) {
            try FileAccess.writeFile([1], to: directory + "/missing/")
        }
        #expect(throws: FileError(.unwritable, "cannot write \(directory): it is a directory")) {
            try FileAccess.writeFile([1], to: directory)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
