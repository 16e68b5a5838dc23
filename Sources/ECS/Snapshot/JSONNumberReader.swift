/// Exact conversions of JSON number text (already checked against the grammar by
/// ``JSONTapeParser``) to Swift numbers: integers digit by digit with overflow checks, and
/// `Float` and `Double` correctly rounded (the nearest value, as the standard library's
/// parser gives), so that the shortest decimal a save writes reads back as the same bits.
enum JSONNumberReader {
    /// The integer the text `bytes[range]` spells, or nil when it does not fit in `T`.
    static func integer<T: FixedWidthInteger>(_ bytes: borrowing [UInt8], _ range: Range<Int>, as _: T.Type) -> T? {
        var position = range.lowerBound
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var magnitude: UInt64 = 0
        while position < range.upperBound {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[position] &- UInt8(ascii: "0")))
            guard !overflow && !carry else { return nil }
            magnitude = sum
            position += 1
        }
        guard negative else { return T(exactly: magnitude) }
        guard T.isSigned else { return magnitude == 0 ? 0 : nil }
        guard magnitude <= UInt64(T.min.magnitude) else { return nil }
        return magnitude == UInt64(T.min.magnitude) ? T.min : 0 - T(magnitude)
    }

    /// The `Float` nearest to the text `bytes[range]`, or nil when it is beyond `Float`'s range.
    static func float(_ bytes: borrowing [UInt8], _ range: Range<Int>) -> Float? {
        let decimal = Decimal(bytes, range)
        if decimal.exact && decimal.significand <= 1 << 24 && (-10...10).contains(decimal.exponent) {
            // Both operands are exact, so the one rounding of the product or quotient is the
            // correct one.
            let significand = Float(decimal.significand)
            let value = decimal.exponent < 0
                ? significand / powerOfTen(-decimal.exponent) : significand * powerOfTen(decimal.exponent)
            return decimal.negative ? -value : value
        }
        guard let value = Float(String(decoding: bytes[range], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// The `Double` nearest to the text `bytes[range]`, or nil when it is beyond `Double`'s range.
    static func double(_ bytes: borrowing [UInt8], _ range: Range<Int>) -> Double? {
        let decimal = Decimal(bytes, range)
        if decimal.exact && decimal.significand <= 1 << 53 && (-22...22).contains(decimal.exponent) {
            let significand = Double(decimal.significand)
            let value = decimal.exponent < 0
                ? significand / powerOfTen(-decimal.exponent) : significand * powerOfTen(decimal.exponent)
            return decimal.negative ? -value : value
        }
        guard let value = Double(String(decoding: bytes[range], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// 10^`power`, exact for the powers the fast paths use (through 10¹⁰ in `Float`, 10²² in
    /// `Double`): every partial product is a power of ten the type holds exactly.
    @inline(__always)
    private static func powerOfTen<T: BinaryFloatingPoint>(_ power: Int) -> T {
        var value: T = 1
        for _ in 0..<power { value *= 10 }
        return value
    }

    /// A number's text as significand × 10^exponent, with up to 19 significant digits.
    private struct Decimal {
        var negative = false
        var significand: UInt64 = 0
        var exponent = 0
        /// False when digits beyond the 19th were dropped.
        var exact = true

        @inline(__always)
        init(_ bytes: borrowing [UInt8], _ range: Range<Int>) {
            var position = range.lowerBound
            if bytes[position] == UInt8(ascii: "-") {
                negative = true
                position += 1
            }
            var fraction = false
            while position < range.upperBound {
                let byte = bytes[position]
                if byte == UInt8(ascii: ".") {
                    fraction = true
                } else if byte &- UInt8(ascii: "0") < 10 {
                    if significand < 1_000_000_000_000_000_000 {
                        significand = significand * 10 + UInt64(byte &- UInt8(ascii: "0"))
                        if fraction { exponent -= 1 }
                    } else {
                        if byte != UInt8(ascii: "0") { exact = false }
                        if !fraction { exponent += 1 }
                    }
                } else {
                    break
                }
                position += 1
            }
            guard position < range.upperBound else { return }
            position += 1
            var exponentNegative = false
            if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            var written = 0
            while position < range.upperBound {
                written = Swift.min(written * 10 + Int(bytes[position] &- UInt8(ascii: "0")), 1_000_000)
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }
    }
}
