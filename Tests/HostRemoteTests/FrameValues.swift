#if RemoteHost
import ECS
import Host

/// Random JSON values for frame coding tests: strings with escapes and every width of UTF-8,
/// integers across `Int64` and `UInt64`, doubles whole and fractional, nested arrays and objects.
enum FrameValues {
    private static let pieces = ["a", "add", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1f}", "\u{7f}", "é", "漢", "😀", " ", "%", ":", "\u{2028}", "\r\n"]

    /// A string of up to 6 pieces.
    static func string(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// A value nested at most 4 deep; with `exact`, one that reads back unchanged (no doubles,
    /// no nulls, which Codable reads as another value or as none).
    static func value(_ random: inout SplitMix64, depth: Int, exact: Bool = false) -> JSONValue {
        let kinds = depth >= 4 ? 0..<6 : 0..<8
        switch Int.random(in: kinds, using: &random) {
        case 0: return exact ? .bool(false) : .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int64(bitPattern: random.next()) >> Int.random(in: 0...63, using: &random))
        case 3: return .uint(UInt64(Int64.max) + 1 + random.next() % UInt64(Int64.max))
        case 4: return exact ? .int(-1) : double(&random)
        case 5: return .string(string(&random))
        case 6: return .array(array(&random, depth: depth + 1, exact: exact))
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) { members[string(&random)] = value(&random, depth: depth + 1, exact: exact) }
            return .object(members)
        }
    }

    /// An array of up to 5 values.
    static func array(_ random: inout SplitMix64, depth: Int, exact: Bool = false) -> [JSONValue] {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in value(&random, depth: depth, exact: exact) }
    }

    /// A double: fractional, whole (inside and beyond the integer ranges), zero of either sign, tiny or huge.
    private static func double(_ random: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .double(Double.random(in: -1e6...1e6, using: &random))
        case 1: return .double(Double(Int.random(in: -1_000_000...1_000_000, using: &random)))
        case 2: return .double([0.0, -0.0].randomElement(using: &random)!)
        case 3: return .double([9_223_372_036_854_775_808.0, 1.8446744073709552e19, -9.3e18, 1e300, -2.5e-300, .leastNonzeroMagnitude].randomElement(using: &random)!)
        case 4: return .double(Double(Int64(bitPattern: random.next())) / 1024)
        default: return .double(Double(sign: .plus, exponent: Int.random(in: -60...80, using: &random), significand: Double.random(in: 1..<2, using: &random)))
        }
    }
}
#endif
