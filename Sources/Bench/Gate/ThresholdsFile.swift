import Foundation

/// Reads and writes the thresholds file.
enum ThresholdsFile {
    /// The thresholds at `path`; nil when the file does not exist and is not `required`.
    /// Throws `BenchError.thresholds` when it is missing but required, or malformed.
    static func load(_ path: String, required: Bool) throws -> Thresholds? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if required {
                throw BenchError.thresholds(
                    path: path, reason: "cannot read (record it with bench gate --update)")
            }
            return nil
        }
        do {
            return try JSONDecoder().decode(Thresholds.self, from: data)
        } catch {
            throw BenchError.thresholds(path: path, reason: "malformed thresholds file")
        }
    }

    /// Writes `thresholds` to `path` atomically, creating its directory.
    static func save(_ thresholds: Thresholds, to path: String) throws {
        try AtomicFile.prepareDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try AtomicFile.write(try ResultCoding.encode(thresholds), to: path)
    }
}
