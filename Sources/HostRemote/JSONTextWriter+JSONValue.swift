#if RemoteHost
import ECS
import Host

/// Writes JSON text straight into bytes: the encoding of the frames that carry actions, which
/// every round trip pays for twice. What it writes decodes with Foundation's `JSONDecoder` to
/// the value it was given, under ``JSONValue``'s rules (a whole `double` is written digit for
/// digit and reads back as an integer).
struct JSONTextWriter {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text`, which must already be JSON (punctuation and keys the caller controls).
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `value` as a JSON string, escaping quotes, backslashes and control characters.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case 0..<0x20:
                raw(#"\u00"#)
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the decimal digits of `value`.
    mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `value`; false (with the text left incomplete) when it holds a number JSON
    /// cannot write (infinite or NaN), which Foundation's encoder refuses too.
    mutating func value(_ value: JSONValue) -> Bool {
        switch value {
        case .null: raw("null")
        case .bool(let flag): flag ? raw("true") : raw("false")
        case .int(let number): integer(number)
        case .uint(let number): integer(number)
        case .double(let number): return double(number)
        case .string(let text): string(text)
        case .array(let elements): return array(elements)
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                string(key)
                bytes.append(UInt8(ascii: ":"))
                guard self.value(member) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// Appends `elements` as a JSON array; false as for ``value(_:)``.
    mutating func array(_ elements: [JSONValue]) -> Bool {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            guard value(element) else { return false }
        }
        bytes.append(UInt8(ascii: "]"))
        return true
    }

    /// Appends `number` as ``JSONValue`` encodes it: `-0` keeps its sign, a whole number in
    /// `Int64` or `UInt64` range is written digit for digit, anything else in its shortest
    /// exact form. False for infinities and NaN.
    private mutating func double(_ number: Double) -> Bool {
        guard number.isFinite else { return false }
        if number == 0 {
            number.sign == .minus ? raw("-0") : raw("0")
        } else if let whole = Int64(exactly: number) {
            integer(whole)
        } else if let whole = UInt64(exactly: number) {
            integer(whole)
        } else {
            // Swift's description is the shortest text that reads back as `number`, in JSON's
            // number syntax for every finite value (`0.1`, `1e-05`, `1.5e+300`).
            bytes.append(contentsOf: number.description.utf8)
        }
        return true
    }

    /// The lowercase hexadecimal digit of `nibble` (0...15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
#endif
