import Foundation

/// Reads and writes the thresholds file.
enum ThresholdsFile {
    /// The thresholds at `path`; nil when the file does not exist and is not `required`.
    /// Throws `BenchError.thresholds` when it is missing but required, unreadable, malformed
    /// (naming the field), or holds a run setting out of the range `bench gate --update` accepts.
    static func load(_ path: String, required: Bool) throws -> Thresholds? {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = UnreadableFile.reason(path)
            if reason == UnreadableFile.missing {
                guard required else { return nil }
                throw BenchError.thresholds(path: path, reason: "\(reason) (record it with bench gate --update)")
            }
            throw BenchError.thresholds(path: path, reason: reason)
        }
        let thresholds: Thresholds
        do {
            thresholds = try JSONDecoder().decode(Thresholds.self, from: data)
        } catch let error as DecodingError {
            let isJSON = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
            let reason = isJSON ? "malformed thresholds file: \(ResultCoding.describe(error))" : "not valid JSON"
            throw BenchError.thresholds(path: path, reason: reason)
        }
        if let problem = thresholds.outOfRangeSetting {
            throw BenchError.thresholds(path: path, reason: problem)
        }
        return thresholds
    }

    /// Writes `thresholds` to `path` atomically, creating its directory.
    static func save(_ thresholds: Thresholds, to path: String) throws {
        try AtomicFile.prepareDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try AtomicFile.write(try ResultCoding.encode(thresholds), to: path)
    }
}
