#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON-like value: the payload unit of events, so that an event can cross a process
/// boundary as plain JSON.
///
/// Integers keep every bit: a whole number is ``int(_:)`` when it fits `Int64` and ``uint(_:)``
/// only above `Int64.max`, so `UInt64.max`, `Int64.min` and every `Entity` id survive a trip
/// through the value and through JSON text. Numbers with a fraction, an exponent beyond the
/// integer range, or the sign of `-0.0` are ``double(_:)``. JSON text does not tell `5` from
/// `5.0`, so a whole `Double` read back from text is an ``int(_:)`` of the same value.
public enum JSONValue: Hashable, Sendable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits `Int64`.
    case int(Int64)
    /// A whole number above `Int64.max`.
    case uint(UInt64)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([JSONValue])
    /// String keys to values.
    case object([String: JSONValue])

    /// The integer `value` as ``int(_:)``.
    public init(_ value: Int64) {
        self = .int(value)
    }

    /// The integer `value`: ``int(_:)`` when it fits `Int64`, otherwise ``uint(_:)``.
    public init(_ value: UInt64) {
        self = Int64(exactly: value).map(JSONValue.int) ?? .uint(value)
    }

    /// Decodes a JSON value, keeping whole numbers exact.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            // `-0` and `-0.0` decode as the integer 0; keep the sign as a double.
            if value == 0, let double = try? container.decode(Double.self), double.sign == .minus {
                self = .double(double)
            } else {
                self = .int(value)
            }
        } else if let value = try? container.decode(UInt64.self) {
            // Text such as `9223372036854775807.0` can fail as `Int64` yet read as a `UInt64`
            // that fits `Int64`: keep the one representation, `uint` only above `Int64.max`.
            self = Int64(exactly: value).map(JSONValue.int) ?? .uint(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes as plain JSON; integers are written digit for digit, and so is a whole
    /// `Double` in `Int64` or `UInt64` range (other than `-0.0`): its shortest text, such as
    /// `1.8446744073709553e+18`, would read back as a different whole number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .double(let value):
            if value == 0 {
                try container.encode(value)  // keeps the sign of -0.0
            } else if let whole = Int64(exactly: value) {
                try container.encode(whole)
            } else if let whole = UInt64(exactly: value) {
                try container.encode(whole)
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
