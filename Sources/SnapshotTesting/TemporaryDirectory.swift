import Foundation

/// A fresh empty directory under the system's temporary directory, for a test's files (the
/// test removes it when done).
public func makeTemporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("ecs-bench-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
