#if RemoteHost
import ECS
import Host

/// The host's values in the package's JSON writer: the encoding of the frames that carry
/// actions, which every round trip pays for twice. What it writes decodes with Foundation's
/// `JSONDecoder` to the value it was given, under ``JSONValue``'s rules (a whole `double` is
/// written digit for digit and reads back as an integer).
extension JSONTextWriter {
    /// Appends `value`; false (with the text left incomplete) when it holds a number JSON
    /// cannot write (infinite or NaN), which Foundation's encoder refuses too.
    mutating func write(_ value: JSONValue) -> Bool {
        switch value {
        case .null: writeNull()
        case .bool(let flag): write(flag)
        case .int(let number): write(number)
        case .uint(let number): write(number)
        case .double(let number): return writeJSONNumber(number)
        case .string(let text): write(text)
        case .array(let elements): return write(elements)
        case .object(let members):
            append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { append(UInt8(ascii: ",")) }
                first = false
                write(key)
                append(UInt8(ascii: ":"))
                guard write(member) else { return false }
            }
            append(UInt8(ascii: "}"))
        }
        return true
    }

    /// Appends `elements` as a JSON array; false as for ``write(_:)-(JSONValue)``.
    mutating func write(_ elements: [JSONValue]) -> Bool {
        append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            guard write(element) else { return false }
        }
        append(UInt8(ascii: "]"))
        return true
    }

    /// Appends `number` as ``JSONValue`` encodes it: `-0` keeps its sign, a whole number in
    /// `Int64` or `UInt64` range is written digit for digit, anything else in its shortest
    /// exact form. False for infinities and NaN.
    private mutating func writeJSONNumber(_ number: Double) -> Bool {
        guard number.isFinite else { return false }
        if number == 0 {
            write(number)
        } else if let whole = Int64(exactly: number) {
            write(whole)
        } else if let whole = UInt64(exactly: number) {
            write(whole)
        } else {
            write(number)
        }
        return true
    }
}
#endif
