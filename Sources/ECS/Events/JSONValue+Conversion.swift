#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Converts an `Encodable` value into a JSON value, keeping integers exact.
    ///
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when the value cannot be written
    ///   as JSON (for example a non-finite `Double`).
    public init<T: Encodable>(encoding value: T) throws(ECSError) {
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        } catch {
            throw ECSError(.invalidArgument, "a \(T.self) value cannot be written as JSON: \(Self.reason(error))")
        }
    }

    /// One line saying why encoding failed, with the field's path when it is known, for
    /// example `y: Unable to encode Double.nan directly in JSON.`, instead of the error's dump.
    private static func reason(_ error: any Error) -> String {
        guard case .invalidValue(_, let context) = error as? EncodingError else { return "\(error)" }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        let detail = context.debugDescription.split(separator: "\n").first.map(String.init) ?? "invalid value"
        return path.isEmpty ? detail : "\(path): \(detail)"
    }

    /// Decodes the value as `T` (for example `Int`, `UInt64`, `String`, ``Entity`` or a
    /// `Codable` struct). An integer type accepts a number only when it holds the value exactly:
    /// `300` is no `Int8`, `-1` no `UInt64` and `2.5` no `Int`.
    ///
    /// - Throws: ``ECSError/Code-swift.enum/decodeError`` when the value is not a valid `T`.
    public func decode<T: Decodable>(_ type: T.Type) throws(ECSError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
        } catch {
            throw ECSError(.decodeError, "\(self) is not a valid \(T.self)")
        }
    }
}
