import ECS
import Host
import Foundation
import Synchronization

/// The invariants `fuzzEventPayload` checks on one parsed payload; each traps on a violation,
/// which libFuzzer reports as a crash with the input.
enum EventPayloadChecks {
    /// JSON text -> value -> JSON text -> value is the identity on values.
    static func roundTrip(_ value: JSONValue) {
        let again: JSONValue
        do {
            again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        } catch {
            preconditionFailure("\(value) did not survive JSON encode -> decode: \(error)")
        }
        precondition(normalized(again) == normalized(value), "\(value) came back as \(again)")
    }

    /// `value` with every whole `Double` in `Int64` or `UInt64` range replaced by the integer
    /// of the same value: JSON text does not tell `5` from `5.0`, so those are one value.
    static func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let number): Int64(exactly: number).map(JSONValue.int) ?? UInt64(exactly: number).map(JSONValue.uint) ?? value
        case .array(let items): .array(items.map(normalized))
        case .object(let members): .object(members.mapValues(normalized))
        default: value
        }
    }

    /// `decode(_:)` to each scalar type throws `ActorError` `decode_error` or loses nothing.
    static func scalars(_ value: JSONValue) {
        check(value, as: Int8.self)
        check(value, as: Int64.self)
        check(value, as: UInt64.self)
        check(value, as: Int.self)
        check(value, as: Double.self)
        check(value, as: String.self)
        check(value, as: Bool.self)
        check(value, as: Entity.self)
    }

    /// Decodes `value` as `T` and, when that succeeds, encodes it back: the result must equal
    /// `value` up to ``normalized(_:)``; a `Double` compares by number.
    private static func check<T: Codable & Equatable>(_ value: JSONValue, as type: T.Type) {
        let decoded: T
        do throws(ActorError) {
            decoded = try value.decode(T.self)
        } catch {
            precondition(error.code == "decode_error", "decode(\(T.self)) threw \(error.code), not decode_error")
            return
        }
        let encoded: JSONValue
        do throws(ActorError) {
            encoded = try JSONValue(encoding: decoded)
        } catch {
            preconditionFailure("\(value) decoded as \(T.self) \(decoded) but does not encode: \(error)")
        }
        if let number = decoded as? Double {
            precondition(numeric(encoded) == number, "\(value) as Double \(number) encodes as \(encoded)")
        } else {
            precondition(normalized(encoded) == normalized(value), "\(value) as \(T.self) \(decoded) encodes as \(encoded)")
        }
        precondition((try? encoded.decode(T.self)) == decoded, "\(encoded) does not decode back to \(decoded)")
    }

    /// The number a numeric value holds, nil for any other value.
    private static func numeric(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .uint(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// Emits `value` to typed subscribers of arity 0 to 3 and checks each was either called
    /// or reported one decode error, and that the arity rule decided which.
    static func bus(_ value: JSONValue) {
        let arguments: [JSONValue]
        if case .array(let list) = value { arguments = list } else { arguments = [value] }
        let bus = EventBus()
        let calls = Mutex([Int](repeating: 0, count: 4))
        let errors = Mutex(0)
        bus.onError { error in
            precondition(error.code == "decode_error", "the bus reported \(error.code), not decode_error")
            errors.withLock { $0 += 1 }
        }
        bus.subscribe("e") { () in calls.withLock { $0[0] += 1 } }
        bus.subscribe("e") { (_: JSONValue) in calls.withLock { $0[1] += 1 } }
        bus.subscribe("e") { (_: Int64, _: Double) in calls.withLock { $0[2] += 1 } }
        bus.subscribe("e") { (_: String, _: Entity, _: Bool) in calls.withLock { $0[3] += 1 } }
        bus.emit("e", value)
        let called = calls.withLock { $0 }
        for arity in 0..<4 where arguments.count != arity {
            precondition(called[arity] == 0, "arity-\(arity) subscriber called with \(arguments.count) arguments")
        }
        precondition(called.allSatisfy { $0 <= 1 }, "a subscriber was called twice for one event")
        precondition(called.reduce(0, +) + errors.withLock { $0 } == 4, "a delivery was neither made nor reported")
        if arguments.count == 1 {
            precondition(called[1] == 1, "a one-argument event did not reach the JSONValue subscriber")
        }
    }
}
