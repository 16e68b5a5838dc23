import Foundation

/// Reads and writes `RunResult` JSON.
enum ResultCoding {
    /// Pretty-printed JSON with sorted keys.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// The run stored in the file at `path`. Throws `BenchError.unreadableResult` naming the
    /// file when it cannot be read, is not JSON, is not a `bench` result or has another schema.
    static func load(_ path: String) throws -> RunResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError.unreadableResult(path: path, reason: "cannot read file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchError.unreadableResult(path: path, reason: "not a JSON object")
        }
        guard let schema = object["schema"] as? Int else {
            throw BenchError.unreadableResult(path: path, reason: "not a bench result (no schema)")
        }
        guard schema == RunResult.currentSchema else {
            throw BenchError.unreadableResult(
                path: path,
                reason: "schema \(schema) is not supported (expected \(RunResult.currentSchema))")
        }
        do {
            return try JSONDecoder().decode(RunResult.self, from: data)
        } catch {
            throw BenchError.unreadableResult(path: path, reason: "malformed bench result")
        }
    }
}
