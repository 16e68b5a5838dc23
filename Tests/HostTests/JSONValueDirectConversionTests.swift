import ECS
import Host
import Foundation
import Testing

/// `JSONValue(encoding:)` and `decode(_:)` skip JSON text for some types; they must give what
/// the trip through text gives.
@Suite struct JSONValueDirectConversionTests {
    /// The value JSON text gives for `value`.
    private func throughText<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    @Test func encodingMatchesTheTextPath() throws {
        for value in [0, -1, Int.max, Int.min] { #expect(try JSONValue(encoding: value) == throughText(value)) }
        for value in ["", "a", "ü:\"x\""] { #expect(try JSONValue(encoding: value) == throughText(value)) }
        for value in [true, false] { #expect(try JSONValue(encoding: value) == throughText(value)) }
        let values: [JSONValue] = [
            .double(2.5), .double(-0.0), .double(1e300), .uint(UInt64.max), .int(-3), .null,
            .array([.double(0.5), .string("s")]), .object(["k": .double(-2.25)]),
            // Not canonical: the text path turns these into integers.
            .double(5), .double(0), .uint(7), .array([.double(3)]),
        ]
        for value in values { #expect(try JSONValue(encoding: value) == throughText(value)) }
    }

    @Test func encodingANonFiniteValueStillFails() {
        #expect(throws: ActorError.self) { try JSONValue(encoding: JSONValue.double(.nan)) }
        #expect(throws: ActorError.self) { try JSONValue(encoding: JSONValue.array([.double(.infinity)])) }
    }

    @Test func decodingMatchesTheTextPath() throws {
        let values: [JSONValue] = [.int(5), .int(Int64.min), .double(2.5), .double(-0.0), .string("x"), .bool(true), .uint(UInt64.max), .double(5)]
        for value in values {
            let text = try JSONEncoder().encode(value)
            #expect((try? value.decode(Int.self)) == (try? JSONDecoder().decode(Int.self, from: text)))
            #expect((try? value.decode(Double.self)) == (try? JSONDecoder().decode(Double.self, from: text)))
            #expect((try? value.decode(String.self)) == (try? JSONDecoder().decode(String.self, from: text)))
            #expect((try? value.decode(Bool.self)) == (try? JSONDecoder().decode(Bool.self, from: text)))
            #expect((try? value.decode(JSONValue.self)) == (try? JSONDecoder().decode(JSONValue.self, from: text)))
        }
    }
}
