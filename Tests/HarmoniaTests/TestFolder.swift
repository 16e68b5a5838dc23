import Foundation

/// A new folder under the temporary directory, removed by ``remove()``.
struct TestFolder {
    /// The folder's path.
    let path: String

    /// Creates a fresh folder.
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("harmonia-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder, with its parent folders created.
    func file(_ name: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return file
    }

    /// Writes `bytes` to `name` inside the folder and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = try file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The names in the folder, hidden ones included.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
