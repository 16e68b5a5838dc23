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
        } catch let error as DecodingError {
            throw BenchError.unreadableResult(path: path, reason: "malformed bench result: \(describe(error))")
        } catch {
            throw BenchError.unreadableResult(path: path, reason: "malformed bench result")
        }
    }

    /// One phrase naming the field a decoding error is about, for example
    /// `scenarios[0].samples.cpu_ns[3] is not a UInt64`.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field \(fieldPath(context.codingPath + [key]))"
        case .valueNotFound(let type, let context):
            return "\(fieldPath(context.codingPath)) is null, expected \(type)"
        case .typeMismatch(let type, let context):
            return "\(fieldPath(context.codingPath)) is not a \(type)"
        case .dataCorrupted(let context):
            let detail = context.debugDescription.split(separator: "\n").first.map(String.init) ?? "invalid"
            return "\(fieldPath(context.codingPath)): \(detail)"
        @unknown default:
            return "undecodable"
        }
    }

    /// `scenarios[0].samples.cpu_ns[3]` for a coding path; `top level` when empty.
    private static func fieldPath(_ path: [any CodingKey]) -> String {
        let text = path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "top level" : text
    }
}
