import Foundation
import Testing
import ECS
@testable import Host

/// Exact integers in event payloads: no `Double` on the way, through values and JSON text.
@Suite struct JSONValueTests {
    /// An entity with index and generation near `UInt32.max`: its id is above 2^53.
    static let farEntity = Entity(index: UInt32.max - 1, generation: UInt32.max)

    @Test func integersAtTheEdgesSurviveJSONText() throws {
        let payload: JSONValue = .array([
            JSONValue(UInt64.max), JSONValue(Int64.min), JSONValue(Int64.max), JSONValue(UInt64(1) << 53 + 1),
            try JSONValue(encoding: Self.farEntity), 0.1, -0.0, 1e300, "x", nil, true, ["k": JSONValue(UInt64.max)],
        ])
        let text = try JSONEncoder().encode(payload)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: text)
        #expect(decoded == payload)
        #expect(String(decoding: text, as: UTF8.self).contains("18446744073709551615"))
        #expect(String(decoding: text, as: UTF8.self).contains("-9223372036854775808"))
        guard case .array(let items) = decoded, case .double(let negativeZero) = items[6] else {
            Issue.record("expected an array with -0.0 as a double, got \(decoded)")
            return
        }
        #expect(negativeZero.sign == .minus)
    }

    /// A number with a fraction that rounds to a whole `Double` (found by the event-payload
    /// fuzz target) reads back from its own JSON text as an integer of exactly that value, not
    /// as the different integer its shortest text `1.8446744073709553e+18` spells.
    /// `9223372036854775807.0` (found by the event-payload fuzz target) fits `Int64` but is not
    /// written as an integer: it reads as the same `int` value it writes back as.
    @Test func int64MaxWithAFractionIsOneValue() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/event-payload/int64-max-with-fraction.json"))
        let value = try JSONDecoder().decode(JSONValue.self, from: input)
        let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        #expect(again == value)
        if case .array(let items) = value, case .uint = items.first {
            Issue.record("a value within Int64 range read as uint: \(value)")
        }
    }

    @Test func wholeDoubleReadsBackAsTheSameNumber() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/event-payload/fraction-rounds-to-whole-double.json"))
        let value = try JSONDecoder().decode(JSONValue.self, from: input)
        guard case .double(let number) = value else {
            Issue.record("expected a double, got \(value)")
            return
        }
        let text = try JSONEncoder().encode(value)
        let again = try JSONDecoder().decode(JSONValue.self, from: text)
        #expect(again == .int(Int64(number)))
        #expect(try again.decode(Double.self) == number)
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(again)) == again)
        for whole: Double in [1e18, -0x1p62, 0x1p63, 0x1p64 - 2048] {
            let read = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(JSONValue.double(whole)))
            #expect(try read.decode(Double.self) == whole)
            #expect(read == (Int64(exactly: whole).map(JSONValue.int) ?? .uint(UInt64(whole))))
        }
    }

    @Test func wholeNumbersUseTheNarrowestExactCase() throws {
        #expect(JSONValue(UInt64(7)) == .int(7))
        #expect(JSONValue(UInt64(Int64.max)) == .int(Int64.max))
        #expect(JSONValue(UInt64(Int64.max) + 1) == .uint(UInt64(Int64.max) + 1))
        #expect(try JSONValue(encoding: UInt64.max) == .uint(.max))
        #expect(try JSONValue(encoding: Int64.min) == .int(.min))
        #expect(try JSONValue(encoding: 2.5) == .double(2.5))
        #expect(try JSONValue(encoding: Self.farEntity) == .uint(Self.farEntity.id))
        #expect(Self.farEntity.id > 1 << 53)
    }

    @Test func integerTypesDecodeOnlyValuesTheyHoldExactly() throws {
        #expect(try JSONValue(UInt64.max).decode(UInt64.self) == .max)
        #expect(try JSONValue(Int64.min).decode(Int64.self) == .min)
        #expect(try JSONValue(Int64(-128)).decode(Int8.self) == -128)
        #expect(try JSONValue(UInt64.max).decode(Entity.self) == Entity(id: .max))
        #expect(try JSONValue(UInt64(1) << 53 + 1).decode(Double.self) == 9_007_199_254_740_992)
        let misfits: [(JSONValue, any Decodable.Type)] = [
            (300, Int8.self), (-1, UInt64.self), (JSONValue(UInt64.max), Int64.self), (2.5, Int.self),
            (-1, Entity.self), ("1", Int.self), (.double(.nan), Double.self),
        ]
        for (value, type) in misfits {
            let error = #expect(throws: ActorError.self, "\(value) as \(type)") { try value.decode(type) }
            #expect(error?.code == "decode_error")
            #expect(error?.message.contains("\(type)") == true)
        }
    }

    @Test func nonFiniteNumbersCannotBeEncoded() {
        let error = #expect(throws: ActorError.self) { try JSONValue(encoding: Double.infinity) }
        #expect(error?.code == "encode_error")
    }

    @Test func entityCodesAsItsSixtyFourBitID() throws {
        let entities = [Self.farEntity, Entity(index: 0, generation: 0), Entity(index: .max, generation: .max)]
        let text = try JSONEncoder().encode(entities)
        #expect(String(decoding: text, as: UTF8.self) == "[\(entities.map { String($0.id) }.joined(separator: ","))]")
        #expect(try JSONDecoder().decode([Entity].self, from: text) == entities)
    }
}

/// A value JSON cannot hold is refused with one line naming the field, not the error's dump.
@Suite struct JSONValueEncodingErrorTests {
    /// A payload with a non-finite field.
    struct Sample: Encodable {
        var x = 1.0
        var y = Double.nan
    }

    @Test func aNonFiniteFieldIsNamed() {
        #expect(
            throws: ActorError(
                group: "client", code: "encode_error",
                message: "a Sample value cannot be written as JSON: y: Unable to encode Double.nan directly in JSON.")
        ) { try JSONValue(encoding: Sample()) }
    }

    @Test func aNonFiniteValueIsOneLine() throws {
        let error = try #require(#expect(throws: ActorError.self) { try JSONValue(encoding: Double.infinity) })
        #expect(error.code == "encode_error")
        #expect(error.message.hasPrefix("a Double value cannot be written as JSON: Unable to encode Double.inf"))
        #expect(!error.message.contains("\n") && !error.message.contains("Context("))
    }
}
