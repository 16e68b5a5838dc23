#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Converts an `Encodable` value into a JSON value, keeping integers exact.
    ///
    /// - Throws: ``ActorError`` `client:encode_error` when the value cannot be written as JSON
    ///   (for example a non-finite `Double`).
    public init<T: Encodable>(encoding value: T) throws(ActorError) {
        if let exact = Self(exactly: value) {
            self = exact
            return
        }
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        } catch {
            throw ActorError(
                group: "client", code: "encode_error", message: "a \(T.self) value cannot be written as JSON: \(Self.reason(error))")
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

    /// Decodes the value as `T` (for example `Int`, `UInt64`, `String`, `Entity` or a
    /// `Codable` struct). An integer type accepts a number only when it holds the value exactly:
    /// `300` is no `Int8`, `-1` no `UInt64` and `2.5` no `Int`.
    ///
    /// - Throws: ``ActorError`` `client:decode_error` when the value is not a valid `T`.
    public func decode<T: Decodable>(_ type: T.Type) throws(ActorError) -> T {
        if let exact: T = exactValue() {
            return exact
        }
        do {
            return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
        } catch {
            throw ActorError(group: "client", code: "decode_error", message: "\(self) is not a valid \(T.self)")
        }
    }

    /// The value itself for a `JSONValue`, `Int`, `String` or `Bool`, which convert without a
    /// round trip through JSON text to the same case that trip gives; nil for any other type
    /// (the text path decides; a whole `Double`, for one, becomes an ``int(_:)`` there).
    private init?<T>(exactly value: T) {
        switch value {
        case let value as JSONValue where value.isCanonical: self = value
        case let value as Int: self = .int(Int64(value))
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        default: return nil
        }
    }

    /// This value as `T` when the text path would give the same result without doubt: a
    /// `JSONValue`, or an `Int`, `Double`, `String` or `Bool` stored in its own case; nil
    /// otherwise, and the text path decides (for example `Double` from ``int(_:)``).
    private func exactValue<T>() -> T? {
        if T.self == JSONValue.self { return isCanonical ? self as? T : nil }
        switch self {
        case .int(let value) where T.self == Int.self: return Int(exactly: value) as? T
        case .double(let value) where T.self == Double.self && value.isFinite: return value as? T
        case .string(let value) where T.self == String.self: return value as? T
        case .bool(let value) where T.self == Bool.self: return value as? T
        default: return nil
        }
    }

    /// Whether JSON text gives this value back in the same cases: every number finite, a
    /// ``uint(_:)`` above `Int64.max`, and a ``double(_:)`` that no integer case takes (not
    /// whole within `UInt64`/`Int64` range, or `-0.0`). Only then may a conversion skip the text.
    private var isCanonical: Bool {
        switch self {
        case .double(let value):
            value.isFinite && (value == 0 ? value.sign == .minus : Int64(exactly: value) == nil && UInt64(exactly: value) == nil)
        case .uint(let value): value > UInt64(Int64.max)
        case .array(let values): values.allSatisfy(\.isCanonical)
        case .object(let fields): fields.values.allSatisfy(\.isCanonical)
        case .null, .bool, .int, .string: true
        }
    }
}
