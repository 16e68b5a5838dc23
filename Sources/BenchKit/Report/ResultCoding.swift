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
    /// The file is decoded once when it is good; only a failure reads it again to say why.
    static func load(_ path: String) throws -> RunResult {
        // Checked before reading: FoundationEssentials leaks its read buffer for an empty file.
        // Only a regular file: a pipe or a procfs file reports size 0 but has content.
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular, attributes[.size] as? Int == 0
        {
            throw BenchError.unreadableResult(path: path, reason: "empty file, not a bench result")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError.unreadableResult(path: path, reason: UnreadableFile.reason(path))
        }
        return try decode(data, source: path)
    }

    /// The run in `data`, read from `source` (a path, or what printed it), with its strings
    /// safe to print (``PrintableText``). Throws `BenchError.unreadableResult` naming `source`
    /// when `data` is not JSON, is not a `bench` result, has another schema or a string past
    /// its bound.
    static func decode(_ data: Data, source path: String) throws -> RunResult {
        let decoder = JSONDecoder()
        do {
            let run = try decoder.decode(RunResult.self, from: data)
            try checkSchema(run.schema, path: path)
            return try run.printable()
        } catch let error as PrintableText.TooLong {
            throw BenchError.unreadableResult(path: path, reason: "malformed bench result: \(error.description)")
        } catch let error as DecodingError {
            guard let header = try? decoder.decode(SchemaHeader.self, from: data) else {
                let isJSON = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
                throw BenchError.unreadableResult(path: path, reason: isJSON ? "not a JSON object" : "not valid JSON")
            }
            guard let schema = header.schema else {
                throw BenchError.unreadableResult(path: path, reason: "not a bench result (no schema)")
            }
            try checkSchema(schema, path: path)
            let problem = badSample(in: data) ?? describe(error)
            throw BenchError.unreadableResult(path: path, reason: "malformed bench result: \(problem)")
        }
    }

    /// Throws `BenchError.unreadableResult` unless `schema` is one of
    /// `RunResult.readableSchemas`.
    private static func checkSchema(_ schema: Int, path: String) throws {
        let readable = RunResult.readableSchemas
        guard readable.contains(schema) else {
            throw BenchError.unreadableResult(
                path: path,
                reason: "schema \(schema) is not supported (expected \(readable.lowerBound) to \(readable.upperBound))")
        }
    }

    /// One phrase naming the field a decoding error is about, for example
    /// `settings.frames has the wrong type (expected Int)`.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field \(fieldPath(context.codingPath + [key]))"
        case .valueNotFound(let type, let context):
            return "\(fieldPath(context.codingPath)) is null, expected \(type)"
        case .typeMismatch(let type, let context):
            return "\(fieldPath(context.codingPath)) has the wrong type (expected \(type))"
        case .dataCorrupted(let context):
            let detail = context.debugDescription.split(separator: "\n").first.map(String.init) ?? "invalid"
            return "\(fieldPath(context.codingPath)): \(detail)"
        @unknown default:
            return "undecodable"
        }
    }

    /// The first raw sample that is not a non-negative integer, as
    /// `scenarios[0].samples.cpu_ns[2] is -3, not a non-negative integer`; nil when there is
    /// none. The decoder reports such numbers without saying where they are.
    private static func badSample(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let scenarios = object["scenarios"] as? [Any]
        else { return nil }
        for (index, scenario) in scenarios.enumerated() {
            guard let samples = (scenario as? [String: Any])?["samples"] as? [String: Any] else { continue }
            for key in ["cpu_ns", "wall_ns", "process_cpu_ns"] {
                for (frame, value) in (samples[key] as? [Any] ?? []).enumerated() where !isCount(value) {
                    let text = (try? JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed))
                        .map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
                    return "scenarios[\(index)].samples.\(key)[\(frame)] is \(text), not a non-negative integer"
                }
            }
        }
        return nil
    }

    /// Whether a JSON value is a whole number in `UInt64`'s range.
    private static func isCount(_ value: Any) -> Bool {
        // A JSON boolean is an NSNumber of type char; `is Bool` also holds for the numbers 0
        // and 1 on Linux, so it cannot tell them apart.
        guard !(value is String), let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
            return false
        }
        let double = number.doubleValue
        return double >= 0 && double.rounded() == double && double < 0x1p64
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
