/// JSON text (RFC 8259) appended as UTF-8 to a byte array: the one writer and escape table of
/// the package, for JSON snapshots (reused from save to save) and the host's action frames.
///
/// It writes what Foundation's `JSONEncoder` writes for the same values, so that a JSON
/// snapshot keeps its bytes: strings with `"`, `\`, `/` and control characters escaped and
/// everything else as it is; integers in decimal; a `Float` or `Double` as the shortest
/// decimal that reads back as the same value (its `description`), without a trailing `.0`.
package struct JSONTextWriter {
    /// The text written so far.
    package var bytes: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Bytes written.
    package var count: Int { bytes.count }

    /// Appends one ASCII byte.
    package mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends ASCII text as it is (punctuation and member names known to need no escape).
    package mutating func append(_ text: StaticString) {
        // SAFETY: a static string's UTF-8 buffer is valid for the program's life.
        unsafe bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text` as a quoted, escaped JSON string.
    package mutating func write(_ text: String) {
        bytes.append(0x22)
        // SAFETY: the string's UTF-8 buffer is read only inside the closure.
        let plain = unsafe text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard unsafe !utf8.contains(where: Self.needsEscape) else { return false }
            unsafe bytes.append(contentsOf: utf8)
            return true
        }
        if plain == true {
            bytes.append(0x22)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22: append(#"\""#)
            case 0x5C: append(#"\\"#)
            case 0x2F: append(#"\/"#)
            case 0x0A: append(#"\n"#)
            case 0x0D: append(#"\r"#)
            case 0x09: append(#"\t"#)
            case 0x08: append(#"\b"#)
            case 0x0C: append(#"\f"#)
            case 0..<0x20:
                append(#"\u00"#)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    /// Whether `byte` is escaped in a JSON string: a control character, `"`, `/` or `\`.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x2F || byte == 0x5C
    }

    /// Appends `value` in decimal.
    package mutating func write<T: FixedWidthInteger>(_ value: T) {
        guard T.bitWidth <= 64 else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        if value < 0 { bytes.append(0x2D) }
        writeDigits(of: UInt64(value.magnitude))
    }

    /// Appends `true` or `false`.
    package mutating func write(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// Appends `null`.
    package mutating func writeNull() {
        append("null")
    }

    /// Appends a finite `Float` as the shortest decimal that reads back as it.
    package mutating func write(_ value: Float) {
        if value.magnitude <= 0x1p24, Float(Int32(value)) == value {
            if value.sign == .minus { bytes.append(0x2D) }
            writeDigits(of: UInt64(Int32(value).magnitude))
        } else {
            writeShortest(value.description)
        }
    }

    /// Appends a finite `Double` as the shortest decimal that reads back as it.
    package mutating func write(_ value: Double) {
        if value.magnitude <= 0x1p53, Double(Int64(value)) == value {
            if value.sign == .minus { bytes.append(0x2D) }
            writeDigits(of: Int64(value).magnitude)
        } else {
            writeShortest(value.description)
        }
    }

    /// Appends a floating-point `description` without its trailing `.0`.
    private mutating func writeShortest(_ description: String) {
        let utf8 = description.utf8
        let whole = utf8.count >= 2 && utf8.last == 0x30 && utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == 0x2E
        bytes.append(contentsOf: whole ? utf8.dropLast(2) : utf8[...])
    }

    /// Appends the decimal digits of `value`, most significant first.
    private mutating func writeDigits(of value: UInt64) {
        guard value >= 10 else {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var divisor: UInt64 = 10
        while value / divisor >= 10 { divisor &*= 10 }
        while divisor > 0 {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value / divisor % 10))
            divisor /= 10
        }
    }

    /// Lowercase hexadecimal digits, as Foundation writes `\u` escapes.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
